# rmcp_server's sign-up form in Hebrew, a language the crate's own words do not speak.

signup = צרו את החשבון שלכם
    .description = טופס ההרשמה. השדות מגיעים ללקוח בסדר הזה.
signup-email = דוא״ל
    .description = לכאן נשלח את קישור האישור
signup-age = גיל
    .description = עליכם להיות בני 13 ומעלה
signup-plan = תוכנית
signup-topics = כתבו לי על

plan-free = חינם: פרויקט אחד
plan-pro = פרו: פרויקטים ללא הגבלה

topic-releases = גרסאות חדשות
topic-security-notices = הודעות אבטחה
topic-events = אירועים
