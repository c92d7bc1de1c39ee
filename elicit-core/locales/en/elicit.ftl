# The words mcp-elicit itself shows a person: the problems of an answer, the note of a form asked
# again, the pages and the terminal form. Every language has every message of this file (a test
# says which one is missing). Variables are filled in by the crate; `$field` is a field's title
# (or key), `$found` what came (already quoted), numbers are numbers (plural forms by CLDR).

## What a field takes, and what came instead (in "must be { $expected }, not { $found }", where
## `$found` is one of these kinds, or on a page the text typed, quoted).

expected-text = text
expected-integer = a whole number
expected-number = a number
expected-boolean = true or false
expected-option = one of the options
expected-options = a list of options
found-null = null
found-boolean = a boolean
found-number = a number
found-text = text
found-list = a list
found-object = an object

## The formats, as a problem and a hint say what a value must be.

format-email = an e-mail address
format-uri = an absolute URI, like https://example.com
format-date = a date, like 2025-11-25
format-date-time = a date and time with an offset, like 2025-11-25T09:30:00Z

## The problems of a field's value; each completes "Field: ...".

problem-missing = is required
problem-wrong-type = must be { $expected }, not { $found }
problem-wrong-type-quiet = must be { $expected }
problem-not-an-integer = must be a whole number, got { $found }
problem-too-small = must be at least { $minimum }, got { $found }
problem-too-large = must be at most { $maximum }, got { $found }
problem-too-short = must be at least { $minimum } { $minimum ->
        [one] character
       *[other] characters
    } long, got { $found }
problem-too-long = must be at most { $maximum } { $maximum ->
        [one] character
       *[other] characters
    } long, got { $found }
problem-pattern = must match the pattern `{ $pattern }`, got { $found }
problem-pattern-quiet = must match the pattern `{ $pattern }`
problem-bad-pattern = cannot be checked: the form's pattern is invalid ({ $reason })
problem-bad-format = must be { $format }, got { $found }
problem-bad-format-quiet = must be { $format }
problem-not-an-option = must be one of { $options }, got { $found }
problem-not-an-option-more = must be one of { $options } (or { $more } more), got { $found }
problem-too-few-choices = must have at least { $minimum } { $minimum ->
        [one] option
       *[other] options
    } chosen, got { $found }
problem-too-many-choices = must have at most { $maximum } { $maximum ->
        [one] option
       *[other] options
    } chosen, got { $found }
problem-repeated-choice = chooses { $choice } more than once
problem-sent-twice = was sent more than once: give one value
# A list of values, as "one of" quotes them: "a", "b", "c".
list-separator = {", "}

## A form asked again: its message, then this note, then one line per problem.

retry-note = { $count ->
        [one] Please correct this:
       *[other] Please correct these:
    }
# One line of the note (after "- "), and a problem beside its field on a page.
problem-line = { $field }: { $problem }
page-problem = { $field } { $problem }

## The rules of a field, shown before anything is typed (on a page, under the field; at a
## terminal, as the prompt's help), in the words a problem would use.

rule-length-range = { $minimum } to { $maximum } characters
rule-length-exact = { $minimum ->
        [one] exactly { $minimum } character
       *[other] exactly { $minimum } characters
    }
rule-length-min = at least { $minimum } { $minimum ->
        [one] character
       *[other] characters
    }
rule-length-max = at most { $maximum } { $maximum ->
        [one] character
       *[other] characters
    }
rule-pattern = matching the pattern `{ $pattern }`
rule-whole-number = a whole number
rule-number = a number
rule-whole-number-range = a whole number from { $minimum } to { $maximum }
rule-number-range = a number from { $minimum } to { $maximum }
rule-whole-number-min = a whole number, at least { $minimum }
rule-number-min = a number, at least { $minimum }
rule-whole-number-max = a whole number, at most { $maximum }
rule-number-max = a number, at most { $maximum }
rule-choose-exact = Choose { $minimum }.
rule-choose-range = Choose { $minimum } to { $maximum }.
rule-choose-min = Choose at least { $minimum }.
rule-choose-max = Choose up to { $maximum }.
rule-utc = Date and time in UTC.
# Joins the rules of one field: "2 to 40 characters; matching the pattern `[a-z]+`".
rule-separator = {"; "}

## The page: its frame, its buttons and its problems.

page-default-title = Information requested
page-submit = Submit
page-decline = Decline
page-error-title = Error: { $title }
page-error-prefix = Error:{" "}
page-problem-heading = There is a problem
page-signed-in-as = Signed in as { $name }
page-optional = {" "}(optional)
page-yes = Yes
page-no = No
page-no-answer = No answer
page-choose-an-option = Choose an option

## The pages that end a visit, each a title and its text.

page-not-found-title = No such page
page-not-found = This page does not exist. Start again from your assistant.
page-expired-title = Page expired
page-expired = This page has expired. Start again from your assistant.
page-closed-title = Page closed
page-closed = This page was closed: the request it belonged to has ended. Start again from your assistant.
page-answered-title = Answered
page-answered = This page has been answered already. You can close it.
page-forbidden-title = Not your page
page-forbidden = This page belongs to another user. Start again from your assistant, signed in as yourself.
page-sign-in-title = Sign in
page-sign-in = Sign in to answer this page.
page-unavailable-title = Try again
page-unavailable = The page cannot be reached just now. Try again in a moment.
page-not-a-form-title = Not a form
page-not-a-form = This page takes the answer of its own form only.
page-too-long-title = Too long
page-too-long = The answer is longer than this page takes.
page-not-from-page-title = Not sent from this page
page-not-from-page = This answer was not sent from this page. Open the page again and answer there.
page-not-this-form-title = Not this page's form
page-done-title = Done
page-done = Thank you: your answer is saved. You can close this page and return to your assistant.
page-declined-title = Declined
page-declined = You declined: nothing was saved. You can close this page and return to your assistant.

## The connect page of an account at a provider (`$provider` is the provider's name).

connect-title = Connect your { $provider } account
connect-submit = Continue to { $provider }
connect-continue = Continue
connect-continue-hint = Continue to the provider to sign in.
connect-already-title = Connected already
connect-already = Your { $provider } account is connected already: nothing more to do. You can close this page and return to your assistant.
connect-not-connected-title = Not connected

## The terminal form.

terminal-fill = Fill in the form
terminal-decline = Decline
terminal-cancel = Cancel
terminal-esc-cancels = Esc at any prompt cancels
terminal-correct = Please correct these answers:
terminal-open-page = Open this page?
terminal-open-page-help = y opens it in your browser; n declines; Esc cancels
terminal-opened = Opened in your browser.
terminal-open-yourself = Open it in a browser: { $url }
terminal-empty-unanswered = Enter on an empty line leaves it unanswered
terminal-yes = Yes
terminal-no = No
terminal-no-answer = (no answer)
terminal-y-or-n = y or n
terminal-select-help = ↑↓ moves, Enter chooses
terminal-multi-help = ↑↓ moves, Space toggles, Enter confirms
terminal-multi-help-none = ↑↓ moves, Space toggles, Enter confirms; none leaves it unanswered
terminal-choose-min = choose at least { $minimum }
terminal-choose-max = choose at most { $maximum }
connect-done-title = Connected
connect-done = Your account is connected. You can close this page and return to your assistant.
connect-done-as = Your { $provider } account { $account } is connected. You can close this page and return to your assistant.
connect-declined = You did not connect your account: nothing was kept. You can close this page and return to your assistant.
connect-failed = Your account could not be connected: the provider did not complete the sign-in. Nothing was kept. Start again from your assistant.
connect-not-yours-title = Not your sign-in
connect-not-yours = This sign-in was started by another user. Nothing was connected. If someone sent you this link, do not follow it: start again from your assistant, signed in as yourself.
connect-used-title = Already used
connect-used = This sign-in was finished already, or a newer one was started. Nothing more was connected. Start again from your assistant if you need to.
connect-other-browser-title = Another browser
connect-other-browser = This sign-in was started in another browser. Nothing was connected: finish it in the browser where you started it, or start again from your assistant.
connect-not-a-sign-in-title = Not a sign-in of this server's
connect-not-a-sign-in = This is not a sign-in this server started. Start again from your assistant.

## A call that waits for its page, as its progress notifications say.

progress-waiting = waiting for the page to be answered

## What the crate tells a person (and the model) when a call ends without an answer. `$form` is
## the form's title, or its message's first line.

error-still-invalid = The form “{ $form }” was asked { $rounds ->
        [one] once
       *[other] { $rounds } times
    }, and the last answer still breaks its rules:
error-still-invalid-untitled = The form was asked { $rounds ->
        [one] once
       *[other] { $rounds } times
    }, and the last answer still breaks its rules:
error-invalid-arguments = The tool's arguments are missing or break their rules, and the client cannot ask the person for them:
error-no-form = The person could not be asked: their client cannot show forms (it did not declare form elicitation).
error-no-url = The person could not be asked: their client cannot open pages (it did not declare URL elicitation).
error-state-expired = The question has expired. Call again without `inputResponses` and `requestState` to start over.
error-state-used = These answers were used already. Call again without `inputResponses` and `requestState` to start over.
error-state-refused = These answers do not belong to this call. Call again without `inputResponses` and `requestState` to start over.
error-state-too-large = The answers so far are too long to carry on to the next question ({ $size } bytes, where { $limit } is the most). Start over with shorter answers.
error-store-unreachable = The server could not reach its page store just now. Try again in a moment.
error-page-not-answered = The page was not answered in time. Ask again when the person is ready.
error-account-failed = The account could not be connected. Connect it again.
error-account-busy = The account is being refreshed elsewhere just now. Try again in a moment.
error-account-unavailable = The account's provider cannot renew its access just now. Try again in a moment.

## A call whose person is asked through a link in its result, since their client shows no form
## and opens no page: what the model is told around the link (which stands on a line of its own).

link-open = This person's client cannot show this form, so they answer it on a page of this server's. Ask them to open the link below, sign in if asked, and answer there. Nothing has been done yet.
link-again = Once they have answered, make this same call again, with the same arguments: it goes on with their answer. Until then, calling again gives this same link.
error-no-caller = The person could not be asked: their client cannot show forms, and the server cannot bind a page to them (the call carries no signed-in user).
error-form-not-answered = The person could not be asked: their client did not answer the form in time (it may not show forms). Ask again when they are ready.
error-too-often = This same call was asked through a link too many times in a short while. Wait a few minutes, then try again.
