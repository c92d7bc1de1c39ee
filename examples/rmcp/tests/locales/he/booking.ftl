# The browser tests' booking form in Hebrew (tests/browser.rs), a language the crate's own words
# do not speak.

booking = הזמינו שולחן להערב
    .title = הזמנת שולחן
booking-name = שם
    .description = על שם מי השולחן
booking-notes = הערות
