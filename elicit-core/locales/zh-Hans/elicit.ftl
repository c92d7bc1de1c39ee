# mcp-elicit 自身显示的文字（简体中文）。每条消息的用法见 `en/elicit.ftl`。

## What a field takes, and what came instead (in "应为{ $expected }，而不是{ $found }").

expected-text = 文本
expected-integer = 整数
expected-number = 数字
expected-boolean = true 或 false
expected-option = 选项之一
expected-options = 选项列表
found-null = null
found-boolean = 布尔值
found-number = 数字
found-text = 文本
found-list = 列表
found-object = 对象

## The formats.

format-email = 电子邮件地址
format-uri = 绝对 URI，例如 https://example.com
format-date = 日期，例如 2025-11-25
format-date-time = 带时区偏移的日期和时间，例如 2025-11-25T09:30:00Z

## The problems of a field's value, each a clause after "字段：".

problem-missing = 必须填写
problem-wrong-type = 应为{ $expected }，而不是{ $found }
problem-wrong-type-quiet = 应为{ $expected }
problem-not-an-integer = 应为整数，收到的是{ $found }
problem-too-small = 不能小于 { $minimum }，收到的是 { $found }
problem-too-large = 不能大于 { $maximum }，收到的是 { $found }
problem-too-short = 至少需要 { $minimum } 个字符，当前为 { $found } 个
problem-too-long = 最多只能有 { $maximum } 个字符，当前为 { $found } 个
problem-pattern = 必须匹配模式 `{ $pattern }`，收到的是{ $found }
problem-pattern-quiet = 必须匹配模式 `{ $pattern }`
problem-bad-pattern = 无法校验：表单中的模式无效（{ $reason }）
problem-bad-format = 应为{ $format }，收到的是{ $found }
problem-bad-format-quiet = 应为{ $format }
problem-not-an-option = 必须是 { $options } 之一，收到的是{ $found }
problem-not-an-option-more = 必须是 { $options }（另有 { $more } 项未列出）之一，收到的是{ $found }
problem-too-few-choices = 至少需要选择 { $minimum } 项，当前选择了 { $found } 项
problem-too-many-choices = 最多只能选择 { $maximum } 项，当前选择了 { $found } 项
problem-repeated-choice = { $choice } 被选择了不止一次
problem-sent-twice = 提交了不止一次：请只提供一个值
# A list of values: "a"、"b"、"c".
list-separator = 、

## A form asked again: its message, then this note, then one line per problem.

retry-note = 请更正以下问题：
# One line of the note (after "- "), and a problem beside its field on a page.
problem-line = { $field }：{ $problem }
page-problem = { $field }：{ $problem }

## The rules of a field, shown before anything is typed.

rule-length-range = { $minimum } 至 { $maximum } 个字符
rule-length-exact = 正好 { $minimum } 个字符
rule-length-min = 至少 { $minimum } 个字符
rule-length-max = 最多 { $maximum } 个字符
rule-pattern = 须匹配模式 `{ $pattern }`
rule-whole-number = 整数
rule-number = 数字
rule-whole-number-range = { $minimum } 至 { $maximum } 之间的整数
rule-number-range = { $minimum } 至 { $maximum } 之间的数字
rule-whole-number-min = 不小于 { $minimum } 的整数
rule-number-min = 不小于 { $minimum } 的数字
rule-whole-number-max = 不大于 { $maximum } 的整数
rule-number-max = 不大于 { $maximum } 的数字
rule-choose-exact = 请选择 { $minimum } 项。
rule-choose-range = 请选择 { $minimum } 至 { $maximum } 项。
rule-choose-min = 请至少选择 { $minimum } 项。
rule-choose-max = 最多可选择 { $maximum } 项。
rule-utc = 日期和时间均为 UTC。
# Joins the rules of one field: "2 至 40 个字符；须匹配模式 `[a-z]+`".
rule-separator = ；

## The page: its frame, its buttons and its problems.

page-default-title = 请提供信息
page-submit = 提交
page-decline = 拒绝
page-error-title = 错误：{ $title }
page-error-prefix = 错误：
page-problem-heading = 出现问题
page-signed-in-as = 当前登录身份：{ $name }
page-optional = （选填）
page-yes = 是
page-no = 否
page-no-answer = 不作答
page-choose-an-option = 请选择一项

## The pages that end a visit, each a title and its text.

page-not-found-title = 页面不存在
page-not-found = 此页面不存在。请回到您的助手重新开始。
page-expired-title = 页面已过期
page-expired = 此页面已过期。请回到您的助手重新开始。
page-closed-title = 页面已关闭
page-closed = 此页面已关闭：它所属的请求已经结束。请回到您的助手重新开始。
page-answered-title = 已作答
page-answered = 此页面已经作答。您可以关闭它。
page-forbidden-title = 这不是您的页面
page-forbidden = 此页面属于其他用户。请以您自己的账号登录，回到您的助手重新开始。
page-sign-in-title = 登录
page-sign-in = 请登录后回答此页面。
page-unavailable-title = 请重试
page-unavailable = 暂时无法访问此页面。请稍后重试。
page-not-a-form-title = 不是表单
page-not-a-form = 此页面只接受其自身表单的回答。
page-too-long-title = 内容过长
page-too-long = 回答的长度超出了此页面的限制。
page-not-from-page-title = 并非从此页面提交
page-not-from-page = 此回答不是从此页面提交的。请重新打开此页面并在页面上作答。
page-not-this-form-title = 不是此页面的表单
page-done-title = 已完成
page-done = 谢谢！您的回答已保存。您可以关闭此页面，返回您的助手。
page-declined-title = 已拒绝
page-declined = 您已拒绝，未保存任何内容。您可以关闭此页面，返回您的助手。

## The connect page of an account at a provider (`$provider` is the provider's name).

connect-title = 连接您的 { $provider } 账号
connect-submit = 前往 { $provider }
connect-continue = 继续
connect-continue-hint = 前往服务提供方进行登录。
connect-already-title = 已连接
connect-already = 您的 { $provider } 账号已经连接，无需其他操作。您可以关闭此页面，返回您的助手。
connect-not-connected-title = 未连接

## The terminal form ("y" and "n" are the keys the terminal accepts).

terminal-fill = 填写表单
terminal-decline = 拒绝
terminal-cancel = 取消
terminal-esc-cancels = 随时按 Esc 可取消
terminal-correct = 请更正以下回答：
terminal-open-page = 要打开此页面吗？
terminal-open-page-help = 按 y 在浏览器中打开；按 n 拒绝；按 Esc 取消
terminal-opened = 已在浏览器中打开。
terminal-open-yourself = 请在浏览器中打开：{ $url }
terminal-empty-unanswered = 不输入内容直接按 Enter 即为不作答
terminal-yes = 是
terminal-no = 否
terminal-no-answer = （未作答）
terminal-y-or-n = 请按 y（是）或 n（否）
terminal-select-help = ↑↓ 移动，Enter 选择
terminal-multi-help = ↑↓ 移动，空格键 勾选或取消，Enter 确认
terminal-multi-help-none = ↑↓ 移动，空格键 勾选或取消，Enter 确认；不勾选任何项即为不作答
terminal-choose-min = 请至少选择 { $minimum } 项
terminal-choose-max = 最多选择 { $maximum } 项
connect-done-title = 已连接
connect-done = 您的账号已连接。您可以关闭此页面，返回您的助手。
connect-done-as = 您的 { $provider } 账号 { $account } 已连接。您可以关闭此页面，返回您的助手。
connect-declined = 您没有连接账号，未保留任何信息。您可以关闭此页面，返回您的助手。
connect-failed = 无法连接您的账号：服务提供方未完成登录。未保留任何信息。请回到您的助手重新开始。
connect-not-yours-title = 这不是您发起的登录
connect-not-yours = 此登录由其他用户发起，未连接任何账号。如果有人把此链接发给您，请不要打开：请以您自己的账号登录，回到您的助手重新开始。
connect-used-title = 已使用
connect-used = 此登录已经完成，或已有更新的登录发起。未再连接任何账号。如有需要，请回到您的助手重新开始。
connect-other-browser-title = 其他浏览器
connect-other-browser = 此登录是在另一个浏览器中发起的，未连接任何账号。请在发起登录的浏览器中完成，或回到您的助手重新开始。
connect-not-a-sign-in-title = 不是此服务器发起的登录
connect-not-a-sign-in = 这不是此服务器发起的登录。请回到您的助手重新开始。

progress-waiting = 正在等待页面上的回答

error-still-invalid = 表单“{ $form }”已询问 { $rounds } 次，最后一次回答仍不符合其规则：
error-still-invalid-untitled = 表单已询问 { $rounds } 次，最后一次回答仍不符合其规则：
error-invalid-arguments = 工具的参数缺失或不符合其规则，而客户端无法向用户询问：
error-no-form = 无法询问用户：其客户端不能显示表单（未声明表单征询）。
error-no-url = 无法询问用户：其客户端不能打开页面（未声明 URL 征询）。
error-state-expired = 该问题已过期。请不带 `inputResponses` 和 `requestState` 重新调用，从头开始。
error-state-used = 这些回答已被使用。请不带 `inputResponses` 和 `requestState` 重新调用，从头开始。
error-state-refused = 这些回答不属于此次调用。请不带 `inputResponses` 和 `requestState` 重新调用，从头开始。
error-state-too-large = 目前的回答太长，无法带到下一个问题（{ $size } 字节，上限为 { $limit } 字节）。请用更短的回答从头开始。
error-store-unreachable = 服务器暂时无法访问其页面存储。请稍后再试。
error-page-not-answered = 页面未在规定时间内得到回答。请在用户准备好后再次询问。
error-account-failed = 无法连接该账户。请重新连接。
error-account-busy = 该账户正在别处刷新。请稍后再试。
error-account-unavailable = 该账户的提供方暂时无法续期访问权限。请稍后再试。

link-open = 此用户的客户端无法显示此表单，因此需要在本服务器的页面上作答。请让其打开下面的链接，按提示登录，并在那里作答。目前尚未执行任何操作。
link-again = 作答后，请用相同的参数再次进行同一调用：它将根据其答复继续。在此之前，再次调用会得到同一个链接。
error-no-caller = 无法询问用户：其客户端不能显示表单，服务器也无法将页面绑定到该用户（此调用没有已登录的用户）。
error-form-not-answered = 无法询问用户：其客户端未及时回应表单（可能无法显示表单）。请在其准备好后再次询问。
error-too-often = 同一调用在短时间内通过链接询问的次数过多。请等待几分钟后再试。
