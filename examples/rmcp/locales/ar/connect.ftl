# connect_server بالعربية: نصوص نموذجه (نتائج الأداة تبقى كما هي).

connection = اربط خدمة الطقس الخاصة بك
    .title = ربط خدمة طقس
connection-label = الاسم
    .description = اسم لهذا الربط
connection-api-key = مفتاح الواجهة البرمجية (API)
    .description = مفتاح الواجهة البرمجية للخدمة (يبقى على هذا الخادم)
connection-region = المنطقة

region-eu = أوروبا
region-us = الولايات المتحدة
