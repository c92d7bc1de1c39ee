# الكلمات التي يعرضها mcp-elicit نفسه، بالعربية الفصحى (استخدام كل رسالة موضّح في `en/elicit.ftl`).
# Counts take CLDR's six Arabic categories: zero, one, two, few (3-10), many (11-99), other (100...).

## What a field takes (accusative, after "يجب أن يكون"), and what came instead (after "القيمة المُدخلة:").

expected-text = نصًا
expected-integer = عددًا صحيحًا
expected-number = عددًا
expected-boolean = true أو false
expected-option = أحد الخيارات
expected-options = قائمة خيارات
found-null = null
found-boolean = قيمة منطقية
found-number = قيمة عددية
found-text = قيمة نصية
found-list = قائمة
found-object = كائن

## The formats (after "بصيغة").

format-email = عنوان بريد إلكتروني
format-uri = URI مطلق، مثل https://example.com
format-date = تاريخ، مثل 2025-11-25
format-date-time = تاريخ ووقت مع فارق التوقيت، مثل 2025-11-25T09:30:00Z

## The problems of a field's value, each a clause after "الحقل: ".

problem-missing = مطلوب
problem-wrong-type = يجب أن يكون { $expected } (القيمة المُدخلة: { $found })
problem-wrong-type-quiet = يجب أن يكون { $expected }
problem-not-an-integer = يجب أن يكون عددًا صحيحًا (القيمة المُدخلة: { $found })
problem-too-small = يجب ألا يقل عن { $minimum } (القيمة المُدخلة: { $found })
problem-too-large = يجب ألا يزيد على { $maximum } (القيمة المُدخلة: { $found })
problem-too-short = يجب ألا يقل طوله عن { $minimum ->
        [zero] { $minimum } من الأحرف
        [one] حرف واحد
        [two] حرفين
        [few] { $minimum } أحرف
        [many] { $minimum } حرفًا
       *[other] { $minimum } حرف
    } (الطول الحالي: { $found })
problem-too-long = { $maximum ->
        [zero] يجب أن يكون فارغًا
        [one] يجب ألا يزيد طوله على حرف واحد
        [two] يجب ألا يزيد طوله على حرفين
        [few] يجب ألا يزيد طوله على { $maximum } أحرف
        [many] يجب ألا يزيد طوله على { $maximum } حرفًا
       *[other] يجب ألا يزيد طوله على { $maximum } حرف
    } (الطول الحالي: { $found })
problem-pattern = يجب أن يطابق النمط `{ $pattern }` (القيمة المُدخلة: { $found })
problem-pattern-quiet = يجب أن يطابق النمط `{ $pattern }`
problem-bad-pattern = يتعذّر التحقق منه: نمط النموذج غير صالح ({ $reason })
problem-bad-format = يجب أن يكون بصيغة { $format } (القيمة المُدخلة: { $found })
problem-bad-format-quiet = يجب أن يكون بصيغة { $format }
problem-not-an-option = يجب أن يكون أحد الخيارات التالية: { $options } (القيمة المُدخلة: { $found })
problem-not-an-option-more = يجب أن يكون أحد الخيارات التالية: { $options } { $more ->
        [zero] أو غيرها
        [one] أو خيار آخر
        [two] أو خياران آخران
        [few] أو { $more } خيارات أخرى
        [many] أو { $more } خيارًا آخر
       *[other] أو { $more } خيار آخر
    } (القيمة المُدخلة: { $found })
problem-too-few-choices = { $minimum ->
        [zero] يجب اختيار { $minimum } من الخيارات على الأقل
        [one] يجب اختيار خيار واحد على الأقل
        [two] يجب اختيار خيارين على الأقل
        [few] يجب اختيار { $minimum } خيارات على الأقل
        [many] يجب اختيار { $minimum } خيارًا على الأقل
       *[other] يجب اختيار { $minimum } خيار على الأقل
    } (المختار حاليًا: { $found })
problem-too-many-choices = { $maximum ->
        [zero] يجب ألا يُختار أي خيار
        [one] يجب ألا يُختار أكثر من خيار واحد
        [two] يجب ألا يُختار أكثر من خيارين
        [few] يجب ألا يُختار أكثر من { $maximum } خيارات
        [many] يجب ألا يُختار أكثر من { $maximum } خيارًا
       *[other] يجب ألا يُختار أكثر من { $maximum } خيار
    } (المختار حاليًا: { $found })
problem-repeated-choice = اختير { $choice } أكثر من مرة
problem-sent-twice = أُرسل أكثر من مرة: يُرجى إرسال قيمة واحدة فقط
# A list of values: "a"، "b"، "c".
list-separator = {"، "}

## A form asked again: its message, then this note, then one line per problem.

retry-note = { $count ->
        [one] يُرجى تصحيح هذه المشكلة:
        [two] يُرجى تصحيح هاتين المشكلتين:
       *[other] يُرجى تصحيح هذه المشكلات:
    }
# One line of the note (after "- "), and a problem beside its field on a page.
problem-line = { $field }: { $problem }
page-problem = { $field }: { $problem }

## The rules of a field, shown before anything is typed.

rule-length-range = من { $minimum } إلى { $maximum } { $maximum ->
        [few] أحرف
        [many] حرفًا
       *[other] حرف
    }
rule-length-exact = { $minimum ->
        [zero] بلا أي حرف
        [one] حرف واحد بالضبط
        [two] حرفان بالضبط
        [few] { $minimum } أحرف بالضبط
        [many] { $minimum } حرفًا بالضبط
       *[other] { $minimum } حرف بالضبط
    }
rule-length-min = { $minimum ->
        [zero] أي عدد من الأحرف
        [one] حرف واحد على الأقل
        [two] حرفان على الأقل
        [few] { $minimum } أحرف على الأقل
        [many] { $minimum } حرفًا على الأقل
       *[other] { $minimum } حرف على الأقل
    }
rule-length-max = { $maximum ->
        [zero] بلا أي حرف
        [one] حرف واحد على الأكثر
        [two] حرفان على الأكثر
        [few] { $maximum } أحرف على الأكثر
        [many] { $maximum } حرفًا على الأكثر
       *[other] { $maximum } حرف على الأكثر
    }
rule-pattern = مطابق للنمط `{ $pattern }`
rule-whole-number = عدد صحيح
rule-number = عدد
rule-whole-number-range = عدد صحيح من { $minimum } إلى { $maximum }
rule-number-range = عدد من { $minimum } إلى { $maximum }
rule-whole-number-min = عدد صحيح لا يقل عن { $minimum }
rule-number-min = عدد لا يقل عن { $minimum }
rule-whole-number-max = عدد صحيح لا يزيد على { $maximum }
rule-number-max = عدد لا يزيد على { $maximum }
rule-choose-exact = اختر { $minimum }.
rule-choose-range = اختر من { $minimum } إلى { $maximum }.
rule-choose-min = اختر { $minimum } على الأقل.
rule-choose-max = اختر { $maximum } على الأكثر.
rule-utc = التاريخ والوقت بالتوقيت العالمي المنسق (UTC).
# Joins the rules of one field: "من 2 إلى 40 حرفًا؛ مطابق للنمط `[a-z]+`".
rule-separator = {"؛ "}

## The page: its frame, its buttons and its problems.

page-default-title = معلومات مطلوبة
page-submit = إرسال
page-decline = رفض
page-error-title = خطأ: { $title }
page-error-prefix = خطأ:{" "}
page-problem-heading = توجد مشكلة
page-signed-in-as = تم تسجيل الدخول باسم { $name }
page-optional = {" "}(اختياري)
page-yes = نعم
page-no = لا
page-no-answer = بلا إجابة
page-choose-an-option = اختر خيارًا

## The pages that end a visit, each a title and its text.

page-not-found-title = الصفحة غير موجودة
page-not-found = هذه الصفحة غير موجودة. ابدأ من جديد عبر مساعدك.
page-expired-title = انتهت صلاحية الصفحة
page-expired = انتهت صلاحية هذه الصفحة. ابدأ من جديد عبر مساعدك.
page-closed-title = الصفحة مغلقة
page-closed = أُغلقت هذه الصفحة: انتهى الطلب الذي كانت تتبع له. ابدأ من جديد عبر مساعدك.
page-answered-title = تمت الإجابة
page-answered = تمت الإجابة عن هذه الصفحة مسبقًا. يمكنك إغلاقها.
page-forbidden-title = ليست صفحتك
page-forbidden = هذه الصفحة تخص مستخدمًا آخر. ابدأ من جديد عبر مساعدك بعد تسجيل الدخول بحسابك.
page-sign-in-title = تسجيل الدخول
page-sign-in = سجّل الدخول للإجابة عن هذه الصفحة.
page-unavailable-title = أعد المحاولة
page-unavailable = يتعذّر الوصول إلى الصفحة حاليًا. أعد المحاولة بعد قليل.
page-not-a-form-title = ليس نموذجًا
page-not-a-form = لا تقبل هذه الصفحة إلا الإجابة عن نموذجها.
page-too-long-title = الإجابة طويلة جدًا
page-too-long = الإجابة أطول مما تقبله هذه الصفحة.
page-not-from-page-title = لم تُرسل من هذه الصفحة
page-not-from-page = لم تُرسل هذه الإجابة من هذه الصفحة. افتح الصفحة مرة أخرى وأجب فيها.
page-not-this-form-title = ليس نموذج هذه الصفحة
page-done-title = تم
page-done = شكرًا لك: حُفظت إجابتك. يمكنك إغلاق هذه الصفحة والعودة إلى مساعدك.
page-declined-title = تم الرفض
page-declined = لقد رفضت: لم يُحفظ أي شيء. يمكنك إغلاق هذه الصفحة والعودة إلى مساعدك.

## The connect page of an account at a provider (`$provider` is the provider's name).

connect-title = اربط حسابك على { $provider }
connect-submit = المتابعة إلى { $provider }
connect-continue = متابعة
connect-continue-hint = تابع إلى مزوّد الخدمة لتسجيل الدخول.
connect-already-title = مرتبط مسبقًا
connect-already = حسابك على { $provider } مرتبط مسبقًا: لا حاجة إلى أي إجراء آخر. يمكنك إغلاق هذه الصفحة والعودة إلى مساعدك.
connect-not-connected-title = غير مرتبط

## The terminal form ("y" and "n" are the keys the terminal accepts).

terminal-fill = ملء النموذج
terminal-decline = رفض
terminal-cancel = إلغاء
terminal-esc-cancels = اضغط Esc في أي وقت للإلغاء
terminal-correct = يُرجى تصحيح هذه الإجابات:
terminal-open-page = هل تريد فتح هذه الصفحة؟
terminal-open-page-help = y (نعم) يفتحها في متصفحك؛ n (لا) يرفض؛ Esc يلغي
terminal-opened = فُتحت في متصفحك.
terminal-open-yourself = افتحها في متصفح: { $url }
terminal-empty-unanswered = الضغط على Enter في سطر فارغ يتركه بلا إجابة
terminal-yes = نعم
terminal-no = لا
terminal-no-answer = (بلا إجابة)
terminal-y-or-n = y (نعم) أو n (لا)
terminal-select-help = ↑↓ للتنقل، Enter للاختيار
terminal-multi-help = ↑↓ للتنقل، Space للتحديد أو إلغائه، Enter للتأكيد
terminal-multi-help-none = ↑↓ للتنقل، Space للتحديد أو إلغائه، Enter للتأكيد؛ عدم تحديد أي خيار يتركه بلا إجابة
terminal-choose-min = اختر { $minimum } على الأقل
terminal-choose-max = اختر { $maximum } على الأكثر
connect-done-title = تم الربط
connect-done = تم ربط حسابك. يمكنك إغلاق هذه الصفحة والعودة إلى مساعدك.
connect-done-as = تم ربط حسابك { $account } على { $provider }. يمكنك إغلاق هذه الصفحة والعودة إلى مساعدك.
connect-declined = لم تربط حسابك: لم يُحتفظ بأي شيء. يمكنك إغلاق هذه الصفحة والعودة إلى مساعدك.
connect-failed = تعذّر ربط حسابك: لم يُكمل مزوّد الخدمة تسجيل الدخول. لم يُحتفظ بأي شيء. ابدأ من جديد عبر مساعدك.
connect-not-yours-title = ليس تسجيل دخولك
connect-not-yours = بدأ مستخدم آخر تسجيل الدخول هذا. لم يُربط أي شيء. إذا أرسل إليك أحدهم هذا الرابط فلا تفتحه: ابدأ من جديد عبر مساعدك بعد تسجيل الدخول بحسابك.
connect-used-title = مستخدم مسبقًا
connect-used = اكتمل تسجيل الدخول هذا مسبقًا، أو بدأ تسجيل دخول أحدث. لم يُربط أي شيء آخر. ابدأ من جديد عبر مساعدك إذا لزم الأمر.
connect-other-browser-title = متصفح آخر
connect-other-browser = بدأ تسجيل الدخول هذا في متصفح آخر. لم يُربط أي شيء: أكمله في المتصفح الذي بدأته فيه، أو ابدأ من جديد عبر مساعدك.
connect-not-a-sign-in-title = ليس تسجيل دخول من هذا الخادم
connect-not-a-sign-in = هذا ليس تسجيل دخول بدأه هذا الخادم. ابدأ من جديد عبر مساعدك.

progress-waiting = في انتظار الإجابة على الصفحة

error-still-invalid = طُلب النموذج «{ $form }» { $rounds ->
        [one] مرة واحدة
        [two] مرتين
        [few] { $rounds } مرات
       *[other] { $rounds } مرة
    }، وما زالت الإجابة الأخيرة تخالف قواعده:
error-still-invalid-untitled = طُلب النموذج { $rounds ->
        [one] مرة واحدة
        [two] مرتين
        [few] { $rounds } مرات
       *[other] { $rounds } مرة
    }، وما زالت الإجابة الأخيرة تخالف قواعده:
error-invalid-arguments = وسائط الأداة ناقصة أو تخالف قواعدها، ولا يستطيع العميل أن يطلبها من الشخص:
error-no-form = تعذّر سؤال الشخص: لا يستطيع عميله عرض النماذج (لم يُعلن دعم الطلب عبر النماذج).
error-no-url = تعذّر سؤال الشخص: لا يستطيع عميله فتح الصفحات (لم يُعلن دعم الطلب عبر الروابط).
error-state-expired = انتهت صلاحية السؤال. اتصل مرة أخرى دون `inputResponses` و`requestState` للبدء من جديد.
error-state-used = استُخدمت هذه الإجابات من قبل. اتصل مرة أخرى دون `inputResponses` و`requestState` للبدء من جديد.
error-state-refused = هذه الإجابات لا تخص هذا الاستدعاء. اتصل مرة أخرى دون `inputResponses` و`requestState` للبدء من جديد.
error-state-too-large = الإجابات حتى الآن أطول من أن تُنقل إلى السؤال التالي ({ $size } بايت، والحد الأقصى { $limit }). ابدأ من جديد بإجابات أقصر.
error-store-unreachable = تعذّر على الخادم الوصول إلى مخزن صفحاته الآن. حاول مرة أخرى بعد قليل.
error-page-not-answered = لم تتم الإجابة عن الصفحة في الوقت المحدد. اسأل مرة أخرى عندما يكون الشخص مستعدًا.
error-account-failed = تعذّر ربط الحساب. اربطه مرة أخرى.
error-account-busy = يجري تحديث الحساب في مكان آخر الآن. حاول مرة أخرى بعد قليل.
error-account-unavailable = لا يستطيع مزوّد الحساب تجديد الوصول الآن. حاول مرة أخرى بعد قليل.

link-open = لا يستطيع عميل هذا الشخص عرض هذا النموذج، لذا يجيب عنه في صفحة من صفحات هذا الخادم. اطلب منه فتح الرابط أدناه، وتسجيل الدخول إن طُلب منه ذلك، والإجابة هناك. لم يُنفَّذ شيء بعد.
link-again = بعد أن يجيب، أعد هذا الاستدعاء نفسه بالوسائط نفسها: فيكمل بإجابته. وحتى ذلك الحين، يعطي الاستدعاء مجددًا الرابط نفسه.
error-no-caller = تعذّر سؤال الشخص: لا يستطيع عميله عرض النماذج، ولا يستطيع الخادم ربط صفحة به (لا يحمل الاستدعاء أي مستخدم مسجّل الدخول).
error-form-not-answered = تعذّر سؤال الشخص: لم يُجب عميله عن النموذج في الوقت المحدد (قد لا يعرض النماذج). اسأل مجددًا حين يكون مستعدًا.
error-too-often = طُلب هذا الاستدعاء نفسه عبر رابط مرات كثيرة في وقت قصير. انتظر بضع دقائق ثم أعد المحاولة.
