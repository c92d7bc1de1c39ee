# router_server 的简体中文：各表单的文字（工具返回的结果保持原样）。

user-info = 请提供您的姓名
user-info-name = 姓名
    .description = 问候语中对您的称呼

seating-indoor = 室内
seating-outdoor = 户外

booking = 要为您预订哪张餐桌？
    .description = 要预订的餐桌：`book_table` 的参数（即它的 `inputSchema`），以及模型遗漏或填错之处的表单。
booking-date = 日期
booking-party-size = 用餐人数
booking-seating = 座位区

connection = 连接您的天气服务
    .title = 连接天气服务
    .description = 通过页面填写：密钥绝不会经过客户端。
connection-label = 名称
    .description = 为此连接起个名字
connection-api-key = API 密钥
    .description = 该服务的 API 密钥（只保存在本服务器上）

trip = 您想去哪里？
trip-destination = 目的地
