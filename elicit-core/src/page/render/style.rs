//! The page's stylesheet: one for the form's page and for a notice.

/// The page's stylesheet, embedded in a `<style>` element exactly as it is here (a
/// `Content-Security-Policy` allows it by the hash of this very text): one column at most 40rem
/// wide, readable type, a visible focus, and error colours with enough contrast (WCAG AA). Text
/// in the other direction than the page's (the crate's words on a page in another language)
/// runs its own way but lines up with the page.
pub const STYLESHEET: &str = "\
:root{color-scheme:light}
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,\"Segoe UI\",Roboto,\"Helvetica Neue\",Arial,sans-serif;\
font-size:100%;line-height:1.5;color:#0b0c0c;background:#f3f2f1;-webkit-text-size-adjust:100%}
body{margin:0}
main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem;background:#fff;min-height:100vh}
@media (min-width:42rem){main{margin:2rem auto;padding:2rem 2.5rem 2.5rem;min-height:0;\
box-shadow:0 1px 4px rgba(0,0,0,.2)}}
h1{font-size:1.75rem;line-height:1.2;margin:0 0 1.25rem}
p{margin:0 0 1rem}
.message{font-size:1.125rem;margin:0 0 2rem}
.field{margin:0 0 1.75rem}
.field-error{border-inline-start:5px solid #b10e1e;padding-inline-start:.875rem}
label,legend{display:block;font-weight:700;margin:0 0 .25rem;padding:0}
fieldset{border:0;margin:0;padding:0;min-width:0}
.optional{font-weight:400}
.hint{color:#484f53;margin:0 0 .5rem}
.hint p{margin:0}
.problem{color:#b10e1e;font-weight:700;margin:0 0 .5rem}
input,select,button{font:inherit}
.input{display:block;width:100%;min-height:2.75rem;padding:.375rem .5rem;border:2px solid #0b0c0c;\
border-radius:0;background:#fff;color:#0b0c0c}
.short{max-width:16rem}
.input[aria-invalid=true]{border-color:#b10e1e}
.input:focus{outline:3px solid #fd0;outline-offset:0;box-shadow:inset 0 0 0 2px #0b0c0c}
.choices{margin-top:.5rem}
.choice{display:flex;align-items:flex-start;gap:.75rem;margin:0 0 .625rem}
.choice input{flex:none;width:1.5rem;height:1.5rem;margin:0;accent-color:#0b0c0c}
.choice input:focus{outline:3px solid #fd0;outline-offset:1px;box-shadow:0 0 0 5px #0b0c0c}
.choice:last-child{margin-bottom:0}
.choice label{font-weight:400;margin:0}
.choice .hint{margin:0}
a{color:#1d70b8}
a:focus{outline:3px solid #fd0;background:#fd0;color:#0b0c0c;box-shadow:0 4px #0b0c0c;\
text-decoration:none}
.error-summary{border:5px solid #b10e1e;padding:1rem;margin:0 0 2rem}
.error-summary:focus{outline:3px solid #fd0}
.error-summary h2{font-size:1.25rem;line-height:1.3;margin:0 0 .75rem}
.error-summary ul{margin:0;padding:0;list-style:none}
.error-summary li{margin:0 0 .375rem}
.error-summary a{color:#b10e1e;font-weight:700}
.actions{display:flex;flex-wrap:wrap;gap:1rem;margin:2.5rem 0 0}
button{min-height:2.75rem;padding:.5rem 1.25rem;border:2px solid transparent;border-radius:0;\
background:#00703c;color:#fff;font-weight:600;box-shadow:0 2px 0 #002d18;cursor:pointer}
button:hover{background:#005a30}
button.secondary{background:#f3f2f1;color:#0b0c0c;box-shadow:0 2px 0 #929191}
button.secondary:hover{background:#dbdad9}
button:focus{outline:3px solid transparent;border-color:#fd0;background:#fd0;color:#0b0c0c;\
box-shadow:0 2px 0 #0b0c0c}
@media (max-width:30rem){.actions button{flex:1 1 100%}}
.visually-hidden{position:absolute!important;width:1px;height:1px;margin:0;padding:0;\
overflow:hidden;clip-path:inset(50%);border:0;white-space:nowrap}
[dir=rtl] [dir=ltr]:not(button){text-align:right}
:root:not([dir=rtl]) [dir=rtl]:not(button){text-align:left}
";
