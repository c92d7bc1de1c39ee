# mcp-elicit 本身顯示的文字（繁體中文，臺灣與香港的用語）。每則訊息的用法見 `en/elicit.ftl`。

## What a field takes, and what came instead (in "應為{ $expected }，而不是{ $found }").

expected-text = 文字
expected-integer = 整數
expected-number = 數字
expected-boolean = true 或 false
expected-option = 選項之一
expected-options = 選項清單
found-null = null
found-boolean = 布林值
found-number = 數字
found-text = 文字
found-list = 清單
found-object = 物件

## The formats.

format-email = 電子郵件地址
format-uri = 絕對 URI，例如 https://example.com
format-date = 日期，例如 2025-11-25
format-date-time = 含時區偏移的日期與時間，例如 2025-11-25T09:30:00Z

## The problems of a field's value, each a clause after "欄位：".

problem-missing = 此欄位為必填
problem-wrong-type = 應為{ $expected }，而不是{ $found }
problem-wrong-type-quiet = 應為{ $expected }
problem-not-an-integer = 應為整數，收到的是{ $found }
problem-too-small = 不得小於 { $minimum }，收到的是 { $found }
problem-too-large = 不得大於 { $maximum }，收到的是 { $found }
problem-too-short = 至少需要 { $minimum } 個字元，目前為 { $found } 個
problem-too-long = 最多只能有 { $maximum } 個字元，目前為 { $found } 個
problem-pattern = 必須符合模式 `{ $pattern }`，收到的是{ $found }
problem-pattern-quiet = 必須符合模式 `{ $pattern }`
problem-bad-pattern = 無法驗證：表單中的模式無效（{ $reason }）
problem-bad-format = 應為{ $format }，收到的是{ $found }
problem-bad-format-quiet = 應為{ $format }
problem-not-an-option = 必須是 { $options } 其中之一，收到的是{ $found }
problem-not-an-option-more = 必須是 { $options }（另有 { $more } 項未列出）其中之一，收到的是{ $found }
problem-too-few-choices = 至少需要選擇 { $minimum } 項，目前選擇了 { $found } 項
problem-too-many-choices = 最多只能選擇 { $maximum } 項，目前選擇了 { $found } 項
problem-repeated-choice = { $choice } 被選取了不只一次
problem-sent-twice = 送出了不只一次：請只提供一個值
# A list of values: "a"、"b"、"c".
list-separator = 、

## A form asked again: its message, then this note, then one line per problem.

retry-note = 請修正下列問題：
# One line of the note (after "- "), and a problem beside its field on a page.
problem-line = { $field }：{ $problem }
page-problem = { $field }：{ $problem }

## The rules of a field, shown before anything is typed.

rule-length-range = { $minimum } 至 { $maximum } 個字元
rule-length-exact = 剛好 { $minimum } 個字元
rule-length-min = 至少 { $minimum } 個字元
rule-length-max = 最多 { $maximum } 個字元
rule-pattern = 須符合模式 `{ $pattern }`
rule-whole-number = 整數
rule-number = 數字
rule-whole-number-range = 介於 { $minimum } 至 { $maximum } 的整數
rule-number-range = 介於 { $minimum } 至 { $maximum } 的數字
rule-whole-number-min = 不小於 { $minimum } 的整數
rule-number-min = 不小於 { $minimum } 的數字
rule-whole-number-max = 不大於 { $maximum } 的整數
rule-number-max = 不大於 { $maximum } 的數字
rule-choose-exact = 請選擇 { $minimum } 項。
rule-choose-range = 請選擇 { $minimum } 至 { $maximum } 項。
rule-choose-min = 請至少選擇 { $minimum } 項。
rule-choose-max = 最多可選擇 { $maximum } 項。
rule-utc = 日期與時間皆為 UTC。
# Joins the rules of one field: "2 至 40 個字元；須符合模式 `[a-z]+`".
rule-separator = ；

## The page: its frame, its buttons and its problems.

page-default-title = 請提供資訊
page-submit = 送出
page-decline = 拒絕
page-error-title = 錯誤：{ $title }
page-error-prefix = 錯誤：
page-problem-heading = 發生問題
page-signed-in-as = 目前登入身分：{ $name }
page-optional = （選填）
page-yes = 是
page-no = 否
page-no-answer = 不作答
page-choose-an-option = 請選擇一項

## The pages that end a visit, each a title and its text.

page-not-found-title = 找不到頁面
page-not-found = 這個頁面不存在。請回到您的助理重新開始。
page-expired-title = 頁面已過期
page-expired = 這個頁面已過期。請回到您的助理重新開始。
page-closed-title = 頁面已關閉
page-closed = 這個頁面已關閉：它所屬的要求已經結束。請回到您的助理重新開始。
page-answered-title = 已作答
page-answered = 這個頁面已經作答。您可以將它關閉。
page-forbidden-title = 這不是您的頁面
page-forbidden = 這個頁面屬於其他使用者。請以您自己的帳號登入，回到您的助理重新開始。
page-sign-in-title = 登入
page-sign-in = 請先登入再回答這個頁面。
page-unavailable-title = 請再試一次
page-unavailable = 目前無法連上這個頁面。請稍後再試一次。
page-not-a-form-title = 不是表單
page-not-a-form = 這個頁面只接受自身表單的回答。
page-too-long-title = 內容過長
page-too-long = 回答的長度超過這個頁面的上限。
page-not-from-page-title = 並非從這個頁面送出
page-not-from-page = 這個回答不是從這個頁面送出的。請重新開啟頁面，並在頁面上作答。
page-not-this-form-title = 不是這個頁面的表單
page-done-title = 完成
page-done = 謝謝！您的回答已儲存。您可以關閉這個頁面，回到您的助理。
page-declined-title = 已拒絕
page-declined = 您已拒絕，未儲存任何內容。您可以關閉這個頁面，回到您的助理。

## The connect page of an account at a provider (`$provider` is the provider's name).

connect-title = 連結您的 { $provider } 帳號
connect-submit = 前往 { $provider }
connect-continue = 繼續
connect-continue-hint = 前往服務供應商進行登入。
connect-already-title = 已連結
connect-already = 您的 { $provider } 帳號已經連結，不需要其他操作。您可以關閉這個頁面，回到您的助理。
connect-not-connected-title = 未連結

## The terminal form ("y" and "n" are the keys the terminal accepts).

terminal-fill = 填寫表單
terminal-decline = 拒絕
terminal-cancel = 取消
terminal-esc-cancels = 隨時按 Esc 即可取消
terminal-correct = 請修正下列回答：
terminal-open-page = 要開啟這個頁面嗎？
terminal-open-page-help = 按 y 在瀏覽器中開啟；按 n 拒絕；按 Esc 取消
terminal-opened = 已在瀏覽器中開啟。
terminal-open-yourself = 請在瀏覽器中開啟：{ $url }
terminal-empty-unanswered = 不輸入內容直接按 Enter 即為不作答
terminal-yes = 是
terminal-no = 否
terminal-no-answer = （未作答）
terminal-y-or-n = 請按 y（是）或 n（否）
terminal-select-help = ↑↓ 移動，Enter 選擇
terminal-multi-help = ↑↓ 移動，空白鍵 勾選或取消，Enter 確認
terminal-multi-help-none = ↑↓ 移動，空白鍵 勾選或取消，Enter 確認；不勾選任何項目即為不作答
terminal-choose-min = 請至少選擇 { $minimum } 項
terminal-choose-max = 最多選擇 { $maximum } 項
connect-done-title = 已連結
connect-done = 您的帳號已連結。您可以關閉這個頁面，回到您的助理。
connect-done-as = 您的 { $provider } 帳號 { $account } 已連結。您可以關閉這個頁面，回到您的助理。
connect-declined = 您沒有連結帳號，未保留任何資料。您可以關閉這個頁面，回到您的助理。
connect-failed = 無法連結您的帳號：服務供應商未完成登入。未保留任何資料。請回到您的助理重新開始。
connect-not-yours-title = 這不是您發起的登入
connect-not-yours = 這次登入是由其他使用者發起的，未連結任何帳號。如果有人傳這個連結給您，請不要開啟：請以您自己的帳號登入，回到您的助理重新開始。
connect-used-title = 已使用
connect-used = 這次登入已經完成，或已發起更新的登入。未再連結任何帳號。如有需要，請回到您的助理重新開始。
connect-other-browser-title = 其他瀏覽器
connect-other-browser = 這次登入是在另一個瀏覽器中發起的，未連結任何帳號。請在發起登入的瀏覽器中完成，或回到您的助理重新開始。
connect-not-a-sign-in-title = 不是這個伺服器發起的登入
connect-not-a-sign-in = 這不是這個伺服器發起的登入。請回到您的助理重新開始。

progress-waiting = 正在等待頁面上的回答

error-still-invalid = 表單「{ $form }」已詢問 { $rounds } 次，最後一次回答仍不符合其規則：
error-still-invalid-untitled = 表單已詢問 { $rounds } 次，最後一次回答仍不符合其規則：
error-invalid-arguments = 工具的參數缺少或不符合其規則，而用戶端無法向使用者詢問：
error-no-form = 無法詢問使用者：其用戶端不能顯示表單（未宣告表單徵詢）。
error-no-url = 無法詢問使用者：其用戶端不能開啟頁面（未宣告 URL 徵詢）。
error-state-expired = 此問題已逾期。請不帶 `inputResponses` 和 `requestState` 重新呼叫，從頭開始。
error-state-used = 這些回答已被使用。請不帶 `inputResponses` 和 `requestState` 重新呼叫，從頭開始。
error-state-refused = 這些回答不屬於此次呼叫。請不帶 `inputResponses` 和 `requestState` 重新呼叫，從頭開始。
error-state-too-large = 目前的回答太長，無法帶到下一個問題（{ $size } 位元組，上限為 { $limit } 位元組）。請用更短的回答從頭開始。
error-store-unreachable = 伺服器暫時無法存取其頁面儲存。請稍後再試。
error-page-not-answered = 頁面未在時限內得到回答。請在使用者準備好後再次詢問。
error-account-failed = 無法連結該帳戶。請重新連結。
error-account-busy = 該帳戶正在別處更新。請稍後再試。
error-account-unavailable = 該帳戶的提供者暫時無法更新存取權限。請稍後再試。

link-open = 此使用者的用戶端無法顯示此表單，因此需要在本伺服器的頁面上作答。請讓其開啟下面的連結，依提示登入，並在那裡作答。目前尚未執行任何操作。
link-again = 作答後，請用相同的引數再次進行同一呼叫：它將依其答覆繼續。在此之前，再次呼叫會得到同一個連結。
error-no-caller = 無法詢問使用者：其用戶端不能顯示表單，伺服器也無法將頁面繫結到該使用者（此呼叫沒有已登入的使用者）。
error-form-not-answered = 無法詢問使用者：其用戶端未及時回應表單（可能無法顯示表單）。請在其準備好後再次詢問。
error-too-often = 同一呼叫在短時間內透過連結詢問的次數過多。請等待幾分鐘後再試。
