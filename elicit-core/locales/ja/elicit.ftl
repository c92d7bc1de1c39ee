# mcp-elicit 自身が表示する文言（日本語）。各メッセージの使われ方は `en/elicit.ftl` を参照。

## What a field takes, and what came instead (in "{ $expected }である必要があります（{ $found }が入力されました）").

expected-text = テキスト
expected-integer = 整数
expected-number = 数値
expected-boolean = true または false
expected-option = 選択肢のいずれか
expected-options = 選択肢のリスト
found-null = null
found-boolean = 真偽値
found-number = 数値
found-text = テキスト
found-list = リスト
found-object = オブジェクト

## The formats.

format-email = メールアドレス
format-uri = 絶対 URI（例：https://example.com）
format-date = 日付（例：2025-11-25）
format-date-time = タイムゾーンのオフセット付きの日時（例：2025-11-25T09:30:00Z）

## The problems of a field's value, each a clause after "項目名：".

problem-missing = 入力は必須です
problem-wrong-type = { $expected }である必要があります（{ $found }が入力されました）
problem-wrong-type-quiet = { $expected }である必要があります
problem-not-an-integer = 整数である必要があります（入力値：{ $found }）
problem-too-small = { $minimum }以上の値を入力してください（入力値：{ $found }）
problem-too-large = { $maximum }以下の値を入力してください（入力値：{ $found }）
problem-too-short = { $minimum }文字以上で入力してください（現在{ $found }文字）
problem-too-long = { $maximum }文字以内で入力してください（現在{ $found }文字）
problem-pattern = パターン `{ $pattern }` に一致する必要があります（入力値：{ $found }）
problem-pattern-quiet = パターン `{ $pattern }` に一致する必要があります
problem-bad-pattern = 確認できません：フォームのパターンが無効です（{ $reason }）
problem-bad-format = { $format }である必要があります（入力値：{ $found }）
problem-bad-format-quiet = { $format }である必要があります
problem-not-an-option = { $options }のいずれかである必要があります（入力値：{ $found }）
problem-not-an-option-more = { $options }（ほか{ $more }件）のいずれかである必要があります（入力値：{ $found }）
problem-too-few-choices = { $minimum }個以上選択してください（現在{ $found }個）
problem-too-many-choices = 選択できるのは{ $maximum }個までです（現在{ $found }個）
problem-repeated-choice = { $choice }が複数回選択されています
problem-sent-twice = 複数回送信されています：値は1つだけ指定してください
# A list of values: "a"、"b"、"c".
list-separator = 、

## A form asked again: its message, then this note, then one line per problem.

retry-note = 次の点を修正してください：
# One line of the note (after "- "), and a problem beside its field on a page.
problem-line = { $field }：{ $problem }
page-problem = { $field }：{ $problem }

## The rules of a field, shown before anything is typed.

rule-length-range = { $minimum }～{ $maximum }文字
rule-length-exact = ちょうど{ $minimum }文字
rule-length-min = { $minimum }文字以上
rule-length-max = { $maximum }文字以内
rule-pattern = パターン `{ $pattern }` に一致
rule-whole-number = 整数
rule-number = 数値
rule-whole-number-range = { $minimum }～{ $maximum }の整数
rule-number-range = { $minimum }～{ $maximum }の数値
rule-whole-number-min = { $minimum }以上の整数
rule-number-min = { $minimum }以上の数値
rule-whole-number-max = { $maximum }以下の整数
rule-number-max = { $maximum }以下の数値
rule-choose-exact = { $minimum }個選択してください。
rule-choose-range = { $minimum }～{ $maximum }個選択してください。
rule-choose-min = { $minimum }個以上選択してください。
rule-choose-max = { $maximum }個まで選択できます。
rule-utc = 日時は UTC で指定します。
# Joins the rules of one field: "2～40文字、パターン `[a-z]+` に一致".
rule-separator = 、

## The page: its frame, its buttons and its problems.

page-default-title = 情報の入力のお願い
page-submit = 送信
page-decline = 回答しない
page-error-title = エラー：{ $title }
page-error-prefix = エラー：
page-problem-heading = 入力内容に問題があります
page-signed-in-as = { $name } としてログイン中
page-optional = （任意）
page-yes = はい
page-no = いいえ
page-no-answer = 回答なし
page-choose-an-option = 選択してください

## The pages that end a visit, each a title and its text.

page-not-found-title = ページが見つかりません
page-not-found = このページは存在しません。アシスタントからもう一度やり直してください。
page-expired-title = ページの有効期限切れ
page-expired = このページは有効期限が切れています。アシスタントからもう一度やり直してください。
page-closed-title = ページは終了しました
page-closed = このページは終了しました。このページのリクエストはすでに終わっています。アシスタントからもう一度やり直してください。
page-answered-title = 回答済み
page-answered = このページには回答済みです。このページは閉じてかまいません。
page-forbidden-title = ほかのユーザーのページです
page-forbidden = このページはほかのユーザーのものです。ご自身のアカウントでログインして、アシスタントからもう一度やり直してください。
page-sign-in-title = ログイン
page-sign-in = このページに回答するにはログインしてください。
page-unavailable-title = もう一度お試しください
page-unavailable = 現在ページに接続できません。しばらくしてからもう一度お試しください。
page-not-a-form-title = フォームではありません
page-not-a-form = このページでは、このページのフォームからの回答だけを受け付けます。
page-too-long-title = 長すぎます
page-too-long = 回答が、このページで受け付けられる長さを超えています。
page-not-from-page-title = このページから送信されていません
page-not-from-page = この回答はこのページから送信されたものではありません。ページを開き直して、そのページで回答してください。
page-not-this-form-title = このページのフォームではありません
page-done-title = 完了
page-done = ありがとうございます。回答を保存しました。このページを閉じて、アシスタントに戻ってください。
page-declined-title = 回答しませんでした
page-declined = 回答しないことを選びました。何も保存されていません。このページを閉じて、アシスタントに戻ってください。

## The connect page of an account at a provider (`$provider` is the provider's name).

connect-title = { $provider } のアカウントを連携
connect-submit = { $provider } へ進む
connect-continue = 続行
connect-continue-hint = プロバイダーのページに進んでログインしてください。
connect-already-title = 連携済み
connect-already = { $provider } のアカウントはすでに連携されています。これ以上の操作は不要です。このページを閉じて、アシスタントに戻ってください。
connect-not-connected-title = 連携されていません

## The terminal form ("y" and "n" are the keys the terminal accepts).

terminal-fill = フォームに入力する
terminal-decline = 回答しない
terminal-cancel = キャンセル
terminal-esc-cancels = いつでも Esc でキャンセルできます
terminal-correct = 次の回答を修正してください：
terminal-open-page = このページを開きますか？
terminal-open-page-help = y：ブラウザーで開く、n：回答しない、Esc：キャンセル
terminal-opened = ブラウザーで開きました。
terminal-open-yourself = ブラウザーで開いてください：{ $url }
terminal-empty-unanswered = 何も入力せずに Enter を押すと未回答になります
terminal-yes = はい
terminal-no = いいえ
terminal-no-answer = （回答なし）
terminal-y-or-n = y（はい）または n（いいえ）
terminal-select-help = ↑↓：移動、Enter：決定
terminal-multi-help = ↑↓：移動、スペース：選択／解除、Enter：確定
terminal-multi-help-none = ↑↓：移動、スペース：選択／解除、Enter：確定（何も選ばなければ未回答になります）
terminal-choose-min = { $minimum }個以上選択してください
terminal-choose-max = { $maximum }個まで選択してください
connect-done-title = 連携しました
connect-done = アカウントを連携しました。このページを閉じて、アシスタントに戻ってください。
connect-done-as = { $provider } のアカウント { $account } を連携しました。このページを閉じて、アシスタントに戻ってください。
connect-declined = アカウントは連携されませんでした。何も保存されていません。このページを閉じて、アシスタントに戻ってください。
connect-failed = アカウントを連携できませんでした。プロバイダーでのログインが完了しませんでした。何も保存されていません。アシスタントからもう一度やり直してください。
connect-not-yours-title = ほかのユーザーのログインです
connect-not-yours = このログインはほかのユーザーが開始したものです。何も連携されていません。誰かからこのリンクが送られてきた場合は、開かないでください。ご自身のアカウントでログインして、アシスタントからもう一度やり直してください。
connect-used-title = 使用済み
connect-used = このログインはすでに完了しているか、より新しいログインが開始されています。これ以上は何も連携されていません。必要に応じて、アシスタントからもう一度やり直してください。
connect-other-browser-title = 別のブラウザー
connect-other-browser = このログインは別のブラウザーで開始されました。何も連携されていません。開始したブラウザーで完了するか、アシスタントからもう一度やり直してください。
connect-not-a-sign-in-title = このサーバーのログインではありません
connect-not-a-sign-in = これはこのサーバーが開始したログインではありません。アシスタントからもう一度やり直してください。

progress-waiting = ページでの回答を待っています

error-still-invalid = フォーム「{ $form }」を{ $rounds }回たずねましたが、最後の回答もまだ規則を満たしていません：
error-still-invalid-untitled = フォームを{ $rounds }回たずねましたが、最後の回答もまだ規則を満たしていません：
error-invalid-arguments = ツールの引数が足りないか規則を満たしておらず、クライアントはそれを本人にたずねられません：
error-no-form = 本人にたずねられませんでした。クライアントがフォームを表示できません（フォームによる入力要求を宣言していません）。
error-no-url = 本人にたずねられませんでした。クライアントがページを開けません（URL による入力要求を宣言していません）。
error-state-expired = 質問の期限が切れました。`inputResponses` と `requestState` を付けずにもう一度呼び出して、最初からやり直してください。
error-state-used = これらの回答はすでに使われています。`inputResponses` と `requestState` を付けずにもう一度呼び出して、最初からやり直してください。
error-state-refused = これらの回答はこの呼び出しのものではありません。`inputResponses` と `requestState` を付けずにもう一度呼び出して、最初からやり直してください。
error-state-too-large = これまでの回答が長すぎて、次の質問に引き継げません（{ $size } バイト、上限は { $limit } バイト）。短い回答で最初からやり直してください。
error-store-unreachable = サーバーが今ページの保存先に接続できません。しばらくしてからもう一度お試しください。
error-page-not-answered = ページに時間内の回答がありませんでした。本人の準備ができたらもう一度たずねてください。
error-account-failed = アカウントを接続できませんでした。もう一度接続してください。
error-account-busy = アカウントは今ほかの場所で更新中です。しばらくしてからもう一度お試しください。
error-account-unavailable = アカウントのプロバイダーが今アクセスを更新できません。しばらくしてからもう一度お試しください。

link-open = この方のクライアントはこのフォームを表示できないため、このサーバーのページで回答していただきます。下のリンクを開き、求められたらサインインして、そこで回答するよう伝えてください。まだ何も実行されていません。
link-again = 回答が済んだら、同じ引数でこの呼び出しをもう一度行ってください。その回答で処理が続きます。それまでは、もう一度呼び出しても同じリンクが返ります。
error-no-caller = 本人にたずねられませんでした。クライアントがフォームを表示できず、サーバーも本人にページを結び付けられません（呼び出しにサインイン済みのユーザーがありません）。
error-form-not-answered = 本人にたずねられませんでした。クライアントが時間内にフォームに応答しませんでした（フォームを表示できない可能性があります）。準備ができたらもう一度たずねてください。
error-too-often = 同じ呼び出しが短い間にリンクで何度もたずねられました。数分待ってから、もう一度お試しください。
