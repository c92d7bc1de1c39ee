# mcp-elicit이 직접 보여 주는 문구(한국어). 각 메시지의 쓰임은 `en/elicit.ftl`을 참고하세요.
# Statements end in -ㅂ니다, requests in -세요, throughout.

## What a field takes, and what came instead (in "{ $expected }이어야 합니다(입력값: { $found })").

expected-text = 텍스트
expected-integer = 정수
expected-number = 숫자
expected-boolean = true 또는 false
expected-option = 옵션 중 하나
expected-options = 옵션 목록
found-null = null
found-boolean = 불리언 값
found-number = 숫자 값
found-text = 텍스트 값
found-list = 목록
found-object = 객체

## The formats.

format-email = 이메일 주소
format-uri = 절대 URI(예: https://example.com)
format-date = 날짜(예: 2025-11-25)
format-date-time = 시간대 오프셋이 포함된 날짜와 시간(예: 2025-11-25T09:30:00Z)

## The problems of a field's value, each a clause after "항목: ".

problem-missing = 필수 항목입니다
problem-wrong-type = { $expected }이어야 합니다(입력값: { $found })
problem-wrong-type-quiet = { $expected }이어야 합니다
problem-not-an-integer = 정수여야 합니다(입력값: { $found })
problem-too-small = { $minimum } 이상이어야 합니다(입력값: { $found })
problem-too-large = { $maximum } 이하여야 합니다(입력값: { $found })
problem-too-short = { $minimum }자 이상이어야 합니다(현재 { $found }자)
problem-too-long = { $maximum }자 이하여야 합니다(현재 { $found }자)
problem-pattern = `{ $pattern }` 패턴과 일치해야 합니다(입력값: { $found })
problem-pattern-quiet = `{ $pattern }` 패턴과 일치해야 합니다
problem-bad-pattern = 확인할 수 없습니다: 양식의 패턴이 올바르지 않습니다({ $reason })
problem-bad-format = { $format }이어야 합니다(입력값: { $found })
problem-bad-format-quiet = { $format }이어야 합니다
problem-not-an-option = { $options } 중 하나여야 합니다(입력값: { $found })
problem-not-an-option-more = { $options } 외 { $more }개 중 하나여야 합니다(입력값: { $found })
problem-too-few-choices = { $minimum }개 이상 선택해야 합니다(현재 { $found }개)
problem-too-many-choices = 최대 { $maximum }개까지 선택할 수 있습니다(현재 { $found }개)
problem-repeated-choice = { $choice } 항목이 두 번 이상 선택되었습니다
problem-sent-twice = 두 번 이상 전송되었습니다: 값을 하나만 보내세요
# A list of values: "a", "b", "c".
list-separator = {", "}

## A form asked again: its message, then this note, then one line per problem.

retry-note = 다음 사항을 수정하세요:
# One line of the note (after "- "), and a problem beside its field on a page.
problem-line = { $field }: { $problem }
page-problem = { $field }: { $problem }

## The rules of a field, shown before anything is typed.

rule-length-range = { $minimum }~{ $maximum }자
rule-length-exact = 정확히 { $minimum }자
rule-length-min = { $minimum }자 이상
rule-length-max = { $maximum }자 이하
rule-pattern = `{ $pattern }` 패턴과 일치
rule-whole-number = 정수
rule-number = 숫자
rule-whole-number-range = { $minimum }~{ $maximum } 사이의 정수
rule-number-range = { $minimum }~{ $maximum } 사이의 숫자
rule-whole-number-min = { $minimum } 이상의 정수
rule-number-min = { $minimum } 이상의 숫자
rule-whole-number-max = { $maximum } 이하의 정수
rule-number-max = { $maximum } 이하의 숫자
rule-choose-exact = { $minimum }개를 선택하세요.
rule-choose-range = { $minimum }~{ $maximum }개를 선택하세요.
rule-choose-min = { $minimum }개 이상 선택하세요.
rule-choose-max = 최대 { $maximum }개까지 선택하세요.
rule-utc = 날짜와 시간은 UTC 기준입니다.
# Joins the rules of one field: "2~40자; `[a-z]+` 패턴과 일치".
rule-separator = {"; "}

## The page: its frame, its buttons and its problems.

page-default-title = 정보 요청
page-submit = 제출
page-decline = 거절
page-error-title = 오류: { $title }
page-error-prefix = 오류:{" "}
page-problem-heading = 문제가 있습니다
page-signed-in-as = 로그인 계정: { $name }
page-optional = {" "}(선택 사항)
page-yes = 예
page-no = 아니요
page-no-answer = 응답 안 함
page-choose-an-option = 옵션을 선택하세요

## The pages that end a visit, each a title and its text.

page-not-found-title = 페이지를 찾을 수 없음
page-not-found = 존재하지 않는 페이지입니다. 어시스턴트에서 다시 시작하세요.
page-expired-title = 페이지 만료됨
page-expired = 이 페이지는 만료되었습니다. 어시스턴트에서 다시 시작하세요.
page-closed-title = 페이지 닫힘
page-closed = 이 페이지는 닫혔습니다: 이 페이지가 속한 요청이 종료되었습니다. 어시스턴트에서 다시 시작하세요.
page-answered-title = 응답 완료
page-answered = 이 페이지에는 이미 응답했습니다. 페이지를 닫아도 됩니다.
page-forbidden-title = 다른 사용자의 페이지
page-forbidden = 이 페이지는 다른 사용자의 페이지입니다. 본인 계정으로 로그인한 상태에서 어시스턴트에서 다시 시작하세요.
page-sign-in-title = 로그인
page-sign-in = 이 페이지에 응답하려면 로그인하세요.
page-unavailable-title = 다시 시도하세요
page-unavailable = 지금은 페이지에 연결할 수 없습니다. 잠시 후 다시 시도하세요.
page-not-a-form-title = 양식이 아님
page-not-a-form = 이 페이지는 이 페이지 양식의 응답만 받습니다.
page-too-long-title = 길이 초과
page-too-long = 응답이 이 페이지에서 받을 수 있는 길이를 초과합니다.
page-not-from-page-title = 이 페이지에서 보내지 않음
page-not-from-page = 이 응답은 이 페이지에서 보낸 것이 아닙니다. 페이지를 다시 열고 그 페이지에서 응답하세요.
page-not-this-form-title = 이 페이지의 양식이 아님
page-done-title = 완료
page-done = 감사합니다. 응답이 저장되었습니다. 이 페이지를 닫고 어시스턴트로 돌아가도 됩니다.
page-declined-title = 거절함
page-declined = 거절했습니다. 아무것도 저장되지 않았습니다. 이 페이지를 닫고 어시스턴트로 돌아가도 됩니다.

## The connect page of an account at a provider (`$provider` is the provider's name).

connect-title = { $provider } 계정 연결
connect-submit = { $provider } 페이지로 이동
connect-continue = 계속
connect-continue-hint = 제공업체 페이지로 이동해 로그인하세요.
connect-already-title = 이미 연결됨
connect-already = { $provider } 계정이 이미 연결되어 있어 더 할 일이 없습니다. 이 페이지를 닫고 어시스턴트로 돌아가도 됩니다.
connect-not-connected-title = 연결되지 않음

## The terminal form ("y" and "n" are the keys the terminal accepts).

terminal-fill = 양식 작성
terminal-decline = 거절
terminal-cancel = 취소
terminal-esc-cancels = 언제든 Esc를 누르면 취소됩니다
terminal-correct = 다음 응답을 수정하세요:
terminal-open-page = 이 페이지를 열까요?
terminal-open-page-help = y: 브라우저에서 열기, n: 거절, Esc: 취소
terminal-opened = 브라우저에서 열었습니다.
terminal-open-yourself = 브라우저에서 여세요: { $url }
terminal-empty-unanswered = 아무것도 입력하지 않고 Enter를 누르면 응답하지 않은 것으로 남습니다
terminal-yes = 예
terminal-no = 아니요
terminal-no-answer = (응답 없음)
terminal-y-or-n = y(예) 또는 n(아니요)
terminal-select-help = ↑↓ 이동, Enter 선택
terminal-multi-help = ↑↓ 이동, Space 선택/해제, Enter 확인
terminal-multi-help-none = ↑↓ 이동, Space 선택/해제, Enter 확인; 아무것도 선택하지 않으면 응답하지 않은 것으로 남습니다
terminal-choose-min = { $minimum }개 이상 선택하세요
terminal-choose-max = 최대 { $maximum }개까지 선택하세요
connect-done-title = 연결됨
connect-done = 계정이 연결되었습니다. 이 페이지를 닫고 어시스턴트로 돌아가도 됩니다.
connect-done-as = { $provider } 계정({ $account })이 연결되었습니다. 이 페이지를 닫고 어시스턴트로 돌아가도 됩니다.
connect-declined = 계정을 연결하지 않았습니다. 아무것도 보관되지 않았습니다. 이 페이지를 닫고 어시스턴트로 돌아가도 됩니다.
connect-failed = 계정을 연결하지 못했습니다: 제공업체에서 로그인을 완료하지 않았습니다. 아무것도 보관되지 않았습니다. 어시스턴트에서 다시 시작하세요.
connect-not-yours-title = 다른 사용자의 로그인
connect-not-yours = 이 로그인은 다른 사용자가 시작했습니다. 아무것도 연결되지 않았습니다. 누군가 이 링크를 보냈다면 열지 마세요. 본인 계정으로 로그인한 상태에서 어시스턴트에서 다시 시작하세요.
connect-used-title = 이미 사용됨
connect-used = 이 로그인은 이미 완료되었거나 더 최근의 로그인이 시작되었습니다. 더 이상 연결된 것은 없습니다. 필요하면 어시스턴트에서 다시 시작하세요.
connect-other-browser-title = 다른 브라우저
connect-other-browser = 이 로그인은 다른 브라우저에서 시작되었습니다. 아무것도 연결되지 않았습니다. 로그인을 시작한 브라우저에서 완료하거나 어시스턴트에서 다시 시작하세요.
connect-not-a-sign-in-title = 이 서버의 로그인이 아님
connect-not-a-sign-in = 이 서버가 시작한 로그인이 아닙니다. 어시스턴트에서 다시 시작하세요.

progress-waiting = 페이지의 응답을 기다리는 중입니다

error-still-invalid = 양식 “{ $form }”을(를) { $rounds }번 물었지만 마지막 답변도 여전히 규칙에 맞지 않습니다:
error-still-invalid-untitled = 양식을 { $rounds }번 물었지만 마지막 답변도 여전히 규칙에 맞지 않습니다:
error-invalid-arguments = 도구의 인수가 없거나 규칙에 맞지 않으며, 클라이언트가 사용자에게 물어볼 수 없습니다:
error-no-form = 사용자에게 물어볼 수 없었습니다. 클라이언트가 양식을 표시할 수 없습니다(양식 입력 요청을 선언하지 않았습니다).
error-no-url = 사용자에게 물어볼 수 없었습니다. 클라이언트가 페이지를 열 수 없습니다(URL 입력 요청을 선언하지 않았습니다).
error-state-expired = 질문이 만료되었습니다. 처음부터 다시 하려면 `inputResponses`와 `requestState` 없이 다시 호출하세요.
error-state-used = 이 답변은 이미 사용되었습니다. 처음부터 다시 하려면 `inputResponses`와 `requestState` 없이 다시 호출하세요.
error-state-refused = 이 답변은 이 호출의 것이 아닙니다. 처음부터 다시 하려면 `inputResponses`와 `requestState` 없이 다시 호출하세요.
error-state-too-large = 지금까지의 답변이 너무 길어 다음 질문으로 이어갈 수 없습니다({ $size }바이트, 최대 { $limit }바이트). 더 짧은 답변으로 처음부터 다시 하세요.
error-store-unreachable = 서버가 지금 페이지 저장소에 연결할 수 없습니다. 잠시 후 다시 시도하세요.
error-page-not-answered = 페이지에 제시간에 답변이 없었습니다. 사용자가 준비되면 다시 물어보세요.
error-account-failed = 계정을 연결할 수 없었습니다. 다시 연결하세요.
error-account-busy = 계정이 지금 다른 곳에서 갱신되고 있습니다. 잠시 후 다시 시도하세요.
error-account-unavailable = 계정 제공자가 지금 접근 권한을 갱신할 수 없습니다. 잠시 후 다시 시도하세요.

link-open = 이 사용자의 클라이언트는 이 양식을 표시할 수 없으므로, 이 서버의 페이지에서 답하게 됩니다. 아래 링크를 열고, 요청되면 로그인한 뒤 그곳에서 답하도록 안내해 주세요. 아직 아무것도 실행되지 않았습니다.
link-again = 답을 마치면 같은 인수로 이 호출을 다시 하세요. 그 답으로 이어서 진행됩니다. 그 전까지는 다시 호출해도 같은 링크가 나옵니다.
error-no-caller = 사용자에게 물어볼 수 없었습니다. 클라이언트가 양식을 표시할 수 없고, 서버도 사용자에게 페이지를 연결할 수 없습니다(호출에 로그인한 사용자가 없습니다).
error-form-not-answered = 사용자에게 물어볼 수 없었습니다. 클라이언트가 제시간에 양식에 응답하지 않았습니다(양식을 표시하지 못할 수 있습니다). 준비되면 다시 물어보세요.
error-too-often = 같은 호출이 짧은 시간에 링크로 너무 많이 요청되었습니다. 몇 분 기다린 뒤 다시 시도하세요.
