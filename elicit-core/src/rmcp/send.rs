//! A request to the client from a handler, before 2026-07-28, that never holds the handler longer
//! than the call lives: raced against the call's cancellation (and a limit, where one is set),
//! the request cancelled at the client when either ends it.

use std::time::Duration;

use ::rmcp::model::{ClientResult, ServerRequest};
use ::rmcp::service::{PeerRequestOptions, RequestContext, RoleServer, ServiceError};

use super::ElicitError;

/// What a request came to: the client's answer (read as `T`), or why there is none.
pub(super) enum Sent<T = ClientResult> {
    /// The client answered.
    Answered(T),
    /// The call was cancelled first.
    Cancelled,
    /// The limit passed first.
    TimedOut,
}

/// `request` sent to the client of `context`, its answer awaited until the call is cancelled or
/// `limit` passes (no limit: `None`); the client is told a request that is over unanswered.
pub(super) async fn send(
    context: &RequestContext<RoleServer>,
    request: ServerRequest,
    limit: Option<Duration>,
) -> Result<Sent, ElicitError> {
    let mut handle = context
        .peer
        .send_request_with_option(request, PeerRequestOptions::no_options())
        .await
        .map_err(ElicitError::Service)?;
    let limit = async {
        match limit {
            Some(limit) => tokio::time::sleep(limit).await,
            None => std::future::pending().await,
        }
    };
    let (sent, reason) = tokio::select! {
        response = &mut handle.rx => {
            let response = response
                .map_err(|_| ElicitError::Service(ServiceError::TransportClosed))?
                .map_err(ElicitError::Service)?;
            return Ok(Sent::Answered(response));
        }
        () = context.ct.cancelled() => (Sent::Cancelled, "the call was cancelled"),
        () = limit => (Sent::TimedOut, "no answer in time"),
    };
    // A client gone is no matter.
    let _ = handle.cancel(Some(reason.to_owned())).await;
    Ok(sent)
}
