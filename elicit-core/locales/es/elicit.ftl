# Las palabras que muestra mcp-elicit, en español (el uso de cada mensaje se explica en `en/elicit.ftl`).

## What a field takes, and what came instead (in "debe ser { $expected }, no { $found }").

expected-text = texto
expected-integer = un número entero
expected-number = un número
expected-boolean = true o false
expected-option = una de las opciones
expected-options = una lista de opciones
found-null = null
found-boolean = un booleano
found-number = un número
found-text = texto
found-list = una lista
found-object = un objeto

## The formats.

format-email = una dirección de correo electrónico
format-uri = un URI absoluto, como https://example.com
format-date = una fecha, como 2025-11-25
format-date-time = una fecha y hora con desfase horario, como 2025-11-25T09:30:00Z

## The problems of a field's value; each follows the field's title ("Nombre debe…").

problem-missing = es obligatorio
problem-wrong-type = debe ser { $expected }, no { $found }
problem-wrong-type-quiet = debe ser { $expected }
problem-not-an-integer = debe ser un número entero, pero se recibió { $found }
problem-too-small = debe ser como mínimo { $minimum }, pero se recibió { $found }
problem-too-large = debe ser como máximo { $maximum }, pero se recibió { $found }
problem-too-short = debe tener al menos { $minimum } { $minimum ->
        [one] carácter
       *[other] caracteres
    }, pero tiene { $found }
problem-too-long = debe tener como máximo { $maximum } { $maximum ->
        [one] carácter
       *[other] caracteres
    }, pero tiene { $found }
problem-pattern = debe coincidir con el patrón `{ $pattern }`, pero se recibió { $found }
problem-pattern-quiet = debe coincidir con el patrón `{ $pattern }`
problem-bad-pattern = no se puede comprobar: el patrón del formulario no es válido ({ $reason })
problem-bad-format = debe ser { $format }, pero se recibió { $found }
problem-bad-format-quiet = debe ser { $format }
problem-not-an-option = debe ser uno de estos valores: { $options }, pero se recibió { $found }
problem-not-an-option-more = debe ser uno de estos valores: { $options } (o { $more } más), pero se recibió { $found }
problem-too-few-choices = debe tener al menos { $minimum } { $minimum ->
        [one] opción elegida
       *[other] opciones elegidas
    }, pero tiene { $found }
problem-too-many-choices = debe tener como máximo { $maximum } { $maximum ->
        [one] opción elegida
       *[other] opciones elegidas
    }, pero tiene { $found }
problem-repeated-choice = incluye { $choice } más de una vez
problem-sent-twice = se envió más de una vez: indique un solo valor
# A list of values: "a", "b", "c".
list-separator = {", "}

## A form asked again: its message, then this note, then one line per problem.

retry-note = { $count ->
        [one] Corrija este error:
       *[other] Corrija estos errores:
    }
# One line of the note (after "- "), and a problem beside its field on a page.
problem-line = { $field }: { $problem }
page-problem = { $field } { $problem }

## The rules of a field, shown before anything is typed.

rule-length-range = de { $minimum } a { $maximum } { $maximum ->
        [one] carácter
       *[other] caracteres
    }
rule-length-exact = exactamente { $minimum } { $minimum ->
        [one] carácter
       *[other] caracteres
    }
rule-length-min = al menos { $minimum } { $minimum ->
        [one] carácter
       *[other] caracteres
    }
rule-length-max = como máximo { $maximum } { $maximum ->
        [one] carácter
       *[other] caracteres
    }
rule-pattern = que coincida con el patrón `{ $pattern }`
rule-whole-number = un número entero
rule-number = un número
rule-whole-number-range = un número entero de { $minimum } a { $maximum }
rule-number-range = un número de { $minimum } a { $maximum }
rule-whole-number-min = un número entero, como mínimo { $minimum }
rule-number-min = un número, como mínimo { $minimum }
rule-whole-number-max = un número entero, como máximo { $maximum }
rule-number-max = un número, como máximo { $maximum }
rule-choose-exact = Elija { $minimum }.
rule-choose-range = Elija de { $minimum } a { $maximum }.
rule-choose-min = Elija al menos { $minimum }.
rule-choose-max = Elija hasta { $maximum }.
rule-utc = Fecha y hora en UTC.
# Joins the rules of one field: "de 2 a 40 caracteres; que coincida con el patrón `[a-z]+`".
rule-separator = {"; "}

## The page: its frame, its buttons and its problems.

page-default-title = Información solicitada
page-submit = Enviar
page-decline = Rechazar
page-error-title = Error: { $title }
page-error-prefix = Error:{" "}
page-problem-heading = Hay un problema
page-signed-in-as = Sesión iniciada como { $name }
page-optional = {" "}(opcional)
page-yes = Sí
page-no = No
page-no-answer = Sin respuesta
page-choose-an-option = Elija una opción

## The pages that end a visit, each a title and its text.

page-not-found-title = Página no encontrada
page-not-found = Esta página no existe. Vuelva a empezar desde su asistente.
page-expired-title = Página caducada
page-expired = Esta página ha caducado. Vuelva a empezar desde su asistente.
page-closed-title = Página cerrada
page-closed = Esta página se ha cerrado: la solicitud a la que pertenecía ha terminado. Vuelva a empezar desde su asistente.
page-answered-title = Ya respondida
page-answered = Esta página ya se ha respondido. Puede cerrarla.
page-forbidden-title = Esta página no es suya
page-forbidden = Esta página pertenece a otro usuario. Vuelva a empezar desde su asistente, con la sesión iniciada en su propia cuenta.
page-sign-in-title = Iniciar sesión
page-sign-in = Inicie sesión para responder a esta página.
page-unavailable-title = Vuelva a intentarlo
page-unavailable = No se puede acceder a la página en este momento. Vuelva a intentarlo en unos instantes.
page-not-a-form-title = No es un formulario
page-not-a-form = Esta página solo acepta la respuesta de su propio formulario.
page-too-long-title = Demasiado largo
page-too-long = La respuesta es más larga de lo que admite esta página.
page-not-from-page-title = No se envió desde esta página
page-not-from-page = Esta respuesta no se envió desde esta página. Vuelva a abrir la página y responda allí.
page-not-this-form-title = No es el formulario de esta página
page-done-title = Listo
page-done = Gracias: su respuesta se ha guardado. Puede cerrar esta página y volver a su asistente.
page-declined-title = Rechazado
page-declined = Ha rechazado la solicitud: no se ha guardado nada. Puede cerrar esta página y volver a su asistente.

## The connect page of an account at a provider (`$provider` is the provider's name).

connect-title = Conecte su cuenta de { $provider }
connect-submit = Continuar a { $provider }
connect-continue = Continuar
connect-continue-hint = Continúe al proveedor para iniciar sesión.
connect-already-title = Ya conectada
connect-already = Su cuenta de { $provider } ya está conectada: no tiene que hacer nada más. Puede cerrar esta página y volver a su asistente.
connect-not-connected-title = No conectada

## The terminal form ("y" and "n" are the keys the terminal accepts).

terminal-fill = Rellenar el formulario
terminal-decline = Rechazar
terminal-cancel = Cancelar
terminal-esc-cancels = Esc cancela en cualquier momento
terminal-correct = Corrija estas respuestas:
terminal-open-page = ¿Abrir esta página?
terminal-open-page-help = y (sí) la abre en su navegador; n (no) la rechaza; Esc cancela
terminal-opened = Abierta en su navegador.
terminal-open-yourself = Ábrala en un navegador: { $url }
terminal-empty-unanswered = Intro en una línea vacía la deja sin respuesta
terminal-yes = Sí
terminal-no = No
terminal-no-answer = (sin respuesta)
terminal-y-or-n = y (sí) o n (no)
terminal-select-help = ↑↓ para moverse, Intro para elegir
terminal-multi-help = ↑↓ para moverse, Espacio para marcar o desmarcar, Intro para confirmar
terminal-multi-help-none = ↑↓ para moverse, Espacio para marcar o desmarcar, Intro para confirmar; sin marcar ninguna, queda sin respuesta
terminal-choose-min = elija al menos { $minimum }
terminal-choose-max = elija como máximo { $maximum }
connect-done-title = Conectada
connect-done = Su cuenta está conectada. Puede cerrar esta página y volver a su asistente.
connect-done-as = Su cuenta { $account } de { $provider } está conectada. Puede cerrar esta página y volver a su asistente.
connect-declined = No ha conectado su cuenta: no se ha guardado nada. Puede cerrar esta página y volver a su asistente.
connect-failed = No se pudo conectar su cuenta: el proveedor no completó el inicio de sesión. No se ha guardado nada. Vuelva a empezar desde su asistente.
connect-not-yours-title = Este inicio de sesión no es suyo
connect-not-yours = Este inicio de sesión lo empezó otro usuario. No se ha conectado nada. Si alguien le envió este enlace, no lo siga: vuelva a empezar desde su asistente, con la sesión iniciada en su propia cuenta.
connect-used-title = Ya utilizado
connect-used = Este inicio de sesión ya se completó, o se empezó uno más reciente. No se ha conectado nada más. Vuelva a empezar desde su asistente si lo necesita.
connect-other-browser-title = Otro navegador
connect-other-browser = Este inicio de sesión se empezó en otro navegador. No se ha conectado nada: complételo en el navegador donde lo empezó o vuelva a empezar desde su asistente.
connect-not-a-sign-in-title = No es un inicio de sesión de este servidor
connect-not-a-sign-in = Este inicio de sesión no lo empezó este servidor. Vuelva a empezar desde su asistente.

progress-waiting = esperando la respuesta en la página

error-still-invalid = El formulario «{ $form }» se pidió { $rounds ->
        [one] una vez
       *[other] { $rounds } veces
    } y la última respuesta sigue sin cumplir sus reglas:
error-still-invalid-untitled = El formulario se pidió { $rounds ->
        [one] una vez
       *[other] { $rounds } veces
    } y la última respuesta sigue sin cumplir sus reglas:
error-invalid-arguments = Faltan argumentos de la herramienta o no cumplen sus reglas, y el cliente no puede pedírselos a la persona:
error-no-form = No se pudo preguntar a la persona: su cliente no puede mostrar formularios (no declaró la elicitación por formulario).
error-no-url = No se pudo preguntar a la persona: su cliente no puede abrir páginas (no declaró la elicitación por URL).
error-state-expired = La pregunta ha caducado. Vuelva a llamar sin `inputResponses` ni `requestState` para empezar de nuevo.
error-state-used = Estas respuestas ya se usaron. Vuelva a llamar sin `inputResponses` ni `requestState` para empezar de nuevo.
error-state-refused = Estas respuestas no pertenecen a esta llamada. Vuelva a llamar sin `inputResponses` ni `requestState` para empezar de nuevo.
error-state-too-large = Las respuestas dadas hasta ahora son demasiado largas para pasar a la siguiente pregunta ({ $size } bytes, con un máximo de { $limit }). Empiece de nuevo con respuestas más cortas.
error-store-unreachable = El servidor no puede acceder ahora a su almacén de páginas. Inténtelo de nuevo en un momento.
error-page-not-answered = La página no se respondió a tiempo. Vuelva a preguntar cuando la persona esté lista.
error-account-failed = No se pudo conectar la cuenta. Vuelva a conectarla.
error-account-busy = La cuenta se está actualizando en otro lugar. Inténtelo de nuevo en un momento.
error-account-unavailable = El proveedor de la cuenta no puede renovar su acceso ahora. Inténtelo de nuevo en un momento.

link-open = El cliente de esta persona no puede mostrar este formulario, así que lo responde en una página de este servidor. Pídale que abra el enlace de abajo, que inicie sesión si se le pide y que responda allí. Todavía no se ha hecho nada.
link-again = Cuando haya respondido, repita esta misma llamada con los mismos argumentos: continúa con su respuesta. Hasta entonces, llamar de nuevo da este mismo enlace.
error-no-caller = No se pudo preguntar a la persona: su cliente no puede mostrar formularios y el servidor no puede vincularle ninguna página (la llamada no lleva ningún usuario con sesión iniciada).
error-form-not-answered = No se pudo preguntar a la persona: su cliente no respondió al formulario a tiempo (puede que no muestre formularios). Vuelva a preguntar cuando esté lista.
error-too-often = Esta misma llamada se pidió por un enlace demasiadas veces en poco tiempo. Espere unos minutos y vuelva a intentarlo.
