//! The memory store held to the model of a page store (`support/store_model.rs`): any sequence of
//! steps by several owners gives what the model says.

use mcp_elicit::page::store::MemoryStore;
use proptest::prelude::*;

#[path = "support/store_model.rs"]
mod store_model;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn the_memory_store_keeps_the_stores_contract(steps in store_model::steps()) {
        let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
        let store = MemoryStore::new(10_000);
        let outcome = runtime.block_on(store_model::run(&store, &steps));
        prop_assert!(outcome.is_ok(), "{}", outcome.unwrap_err());
    }
}
