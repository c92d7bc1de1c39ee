# As palavras que o mcp-elicit mostra, em português do Brasil (o uso de cada mensagem está em `en/elicit.ftl`).

## What a field takes, and what came instead (in "deve ser { $expected }, não { $found }").

expected-text = texto
expected-integer = um número inteiro
expected-number = um número
expected-boolean = true ou false
expected-option = uma das opções
expected-options = uma lista de opções
found-null = null
found-boolean = um booleano
found-number = um número
found-text = texto
found-list = uma lista
found-object = um objeto

## The formats.

format-email = um endereço de e-mail
format-uri = um URI absoluto, como https://example.com
format-date = uma data, como 2025-11-25
format-date-time = uma data e hora com fuso horário, como 2025-11-25T09:30:00Z

## The problems of a field's value; each follows the field's title ("Nome deve…").

problem-missing = é obrigatório
problem-wrong-type = deve ser { $expected }, não { $found }
problem-wrong-type-quiet = deve ser { $expected }
problem-not-an-integer = deve ser um número inteiro (recebido: { $found })
problem-too-small = deve ser no mínimo { $minimum } (recebido: { $found })
problem-too-large = deve ser no máximo { $maximum } (recebido: { $found })
problem-too-short = deve ter pelo menos { $minimum } { $minimum ->
        [one] caractere
       *[other] caracteres
    } (atualmente { $found })
problem-too-long = deve ter no máximo { $maximum } { $maximum ->
        [one] caractere
       *[other] caracteres
    } (atualmente { $found })
problem-pattern = deve corresponder ao padrão `{ $pattern }` (recebido: { $found })
problem-pattern-quiet = deve corresponder ao padrão `{ $pattern }`
problem-bad-pattern = não pode ser verificado: o padrão do formulário é inválido ({ $reason })
problem-bad-format = deve ser { $format } (recebido: { $found })
problem-bad-format-quiet = deve ser { $format }
problem-not-an-option = deve ser um destes valores: { $options } (recebido: { $found })
problem-not-an-option-more = deve ser um destes valores: { $options } ou { $more ->
        [one] outro
       *[other] outros { $more }
    } (recebido: { $found })
problem-too-few-choices = deve ter pelo menos { $minimum } { $minimum ->
        [one] opção selecionada
       *[other] opções selecionadas
    } (atualmente { $found })
problem-too-many-choices = deve ter no máximo { $maximum } { $maximum ->
        [one] opção selecionada
       *[other] opções selecionadas
    } (atualmente { $found })
problem-repeated-choice = inclui { $choice } mais de uma vez
problem-sent-twice = foi enviado mais de uma vez: informe um único valor
# A list of values: "a", "b", "c".
list-separator = {", "}

## A form asked again: its message, then this note, then one line per problem.

retry-note = { $count ->
        [one] Corrija este item:
       *[other] Corrija estes itens:
    }
# One line of the note (after "- "), and a problem beside its field on a page.
problem-line = { $field }: { $problem }
page-problem = { $field } { $problem }

## The rules of a field, shown before anything is typed.

rule-length-range = de { $minimum } a { $maximum } { $maximum ->
        [one] caractere
       *[other] caracteres
    }
rule-length-exact = exatamente { $minimum } { $minimum ->
        [one] caractere
       *[other] caracteres
    }
rule-length-min = pelo menos { $minimum } { $minimum ->
        [one] caractere
       *[other] caracteres
    }
rule-length-max = no máximo { $maximum } { $maximum ->
        [one] caractere
       *[other] caracteres
    }
rule-pattern = que corresponda ao padrão `{ $pattern }`
rule-whole-number = um número inteiro
rule-number = um número
rule-whole-number-range = um número inteiro de { $minimum } a { $maximum }
rule-number-range = um número de { $minimum } a { $maximum }
rule-whole-number-min = um número inteiro, no mínimo { $minimum }
rule-number-min = um número, no mínimo { $minimum }
rule-whole-number-max = um número inteiro, no máximo { $maximum }
rule-number-max = um número, no máximo { $maximum }
rule-choose-exact = Escolha { $minimum }.
rule-choose-range = Escolha de { $minimum } a { $maximum }.
rule-choose-min = Escolha pelo menos { $minimum }.
rule-choose-max = Escolha até { $maximum }.
rule-utc = Data e hora em UTC.
# Joins the rules of one field: "de 2 a 40 caracteres; que corresponda ao padrão `[a-z]+`".
rule-separator = {"; "}

## The page: its frame, its buttons and its problems.

page-default-title = Informações solicitadas
page-submit = Enviar
page-decline = Recusar
page-error-title = Erro: { $title }
page-error-prefix = Erro:{" "}
page-problem-heading = Há um problema
page-signed-in-as = Conectado como { $name }
page-optional = {" "}(opcional)
page-yes = Sim
page-no = Não
page-no-answer = Sem resposta
page-choose-an-option = Escolha uma opção

## The pages that end a visit, each a title and its text.

page-not-found-title = Página não encontrada
page-not-found = Esta página não existe. Comece de novo pelo seu assistente.
page-expired-title = Página expirada
page-expired = Esta página expirou. Comece de novo pelo seu assistente.
page-closed-title = Página fechada
page-closed = Esta página foi fechada: a solicitação à qual ela pertencia terminou. Comece de novo pelo seu assistente.
page-answered-title = Já respondida
page-answered = Esta página já foi respondida. Você pode fechá-la.
page-forbidden-title = Esta página não é sua
page-forbidden = Esta página pertence a outro usuário. Comece de novo pelo seu assistente, conectado com a sua própria conta.
page-sign-in-title = Fazer login
page-sign-in = Faça login para responder a esta página.
page-unavailable-title = Tente novamente
page-unavailable = Não é possível acessar a página agora. Tente novamente em instantes.
page-not-a-form-title = Não é um formulário
page-not-a-form = Esta página aceita apenas a resposta do seu próprio formulário.
page-too-long-title = Longa demais
page-too-long = A resposta é maior do que esta página aceita.
page-not-from-page-title = Não enviada por esta página
page-not-from-page = Esta resposta não foi enviada por esta página. Abra a página novamente e responda nela.
page-not-this-form-title = Não é o formulário desta página
page-done-title = Concluído
page-done = Obrigado: sua resposta foi salva. Você pode fechar esta página e voltar ao seu assistente.
page-declined-title = Recusado
page-declined = Você recusou: nada foi salvo. Você pode fechar esta página e voltar ao seu assistente.

## The connect page of an account at a provider (`$provider` is the provider's name).

connect-title = Conecte sua conta { $provider }
connect-submit = Continuar para { $provider }
connect-continue = Continuar
connect-continue-hint = Continue no provedor para fazer login.
connect-already-title = Já conectada
connect-already = Sua conta { $provider } já está conectada: não há mais nada a fazer. Você pode fechar esta página e voltar ao seu assistente.
connect-not-connected-title = Não conectada

## The terminal form ("y" and "n" are the keys the terminal accepts).

terminal-fill = Preencher o formulário
terminal-decline = Recusar
terminal-cancel = Cancelar
terminal-esc-cancels = Esc cancela a qualquer momento
terminal-correct = Corrija estas respostas:
terminal-open-page = Abrir esta página?
terminal-open-page-help = y (sim) abre no seu navegador; n (não) recusa; Esc cancela
terminal-opened = Aberta no seu navegador.
terminal-open-yourself = Abra-a em um navegador: { $url }
terminal-empty-unanswered = Enter em uma linha vazia deixa sem resposta
terminal-yes = Sim
terminal-no = Não
terminal-no-answer = (sem resposta)
terminal-y-or-n = y (sim) ou n (não)
terminal-select-help = ↑↓ move, Enter escolhe
terminal-multi-help = ↑↓ move, Espaço marca ou desmarca, Enter confirma
terminal-multi-help-none = ↑↓ move, Espaço marca ou desmarca, Enter confirma; sem nenhuma marcada, fica sem resposta
terminal-choose-min = escolha pelo menos { $minimum }
terminal-choose-max = escolha no máximo { $maximum }
connect-done-title = Conectada
connect-done = Sua conta está conectada. Você pode fechar esta página e voltar ao seu assistente.
connect-done-as = Sua conta { $provider } { $account } está conectada. Você pode fechar esta página e voltar ao seu assistente.
connect-declined = Você não conectou sua conta: nada foi guardado. Você pode fechar esta página e voltar ao seu assistente.
connect-failed = Não foi possível conectar sua conta: o provedor não concluiu o login. Nada foi guardado. Comece de novo pelo seu assistente.
connect-not-yours-title = Este login não é seu
connect-not-yours = Este login foi iniciado por outro usuário. Nada foi conectado. Se alguém enviou este link para você, não o abra: comece de novo pelo seu assistente, conectado com a sua própria conta.
connect-used-title = Já usado
connect-used = Este login já foi concluído, ou um mais recente foi iniciado. Nada mais foi conectado. Comece de novo pelo seu assistente, se precisar.
connect-other-browser-title = Outro navegador
connect-other-browser = Este login foi iniciado em outro navegador. Nada foi conectado: conclua-o no navegador em que você o iniciou ou comece de novo pelo seu assistente.
connect-not-a-sign-in-title = Não é um login deste servidor
connect-not-a-sign-in = Este login não foi iniciado por este servidor. Comece de novo pelo seu assistente.

progress-waiting = aguardando a resposta na página

error-still-invalid = O formulário “{ $form }” foi pedido { $rounds ->
        [one] uma vez
       *[other] { $rounds } vezes
    }, e a última resposta ainda não cumpre suas regras:
error-still-invalid-untitled = O formulário foi pedido { $rounds ->
        [one] uma vez
       *[other] { $rounds } vezes
    }, e a última resposta ainda não cumpre suas regras:
error-invalid-arguments = Os argumentos da ferramenta estão faltando ou não cumprem suas regras, e o cliente não pode pedi-los à pessoa:
error-no-form = Não foi possível perguntar à pessoa: o cliente dela não mostra formulários (não declarou elicitação por formulário).
error-no-url = Não foi possível perguntar à pessoa: o cliente dela não abre páginas (não declarou elicitação por URL).
error-state-expired = A pergunta expirou. Chame de novo sem `inputResponses` e `requestState` para recomeçar.
error-state-used = Estas respostas já foram usadas. Chame de novo sem `inputResponses` e `requestState` para recomeçar.
error-state-refused = Estas respostas não pertencem a esta chamada. Chame de novo sem `inputResponses` e `requestState` para recomeçar.
error-state-too-large = As respostas dadas até agora são longas demais para seguir para a próxima pergunta ({ $size } bytes, com no máximo { $limit }). Recomece com respostas mais curtas.
error-store-unreachable = O servidor não consegue acessar seu armazenamento de páginas agora. Tente de novo em instantes.
error-page-not-answered = A página não foi respondida a tempo. Pergunte de novo quando a pessoa estiver pronta.
error-account-failed = Não foi possível conectar a conta. Conecte-a de novo.
error-account-busy = A conta está sendo atualizada em outro lugar agora. Tente de novo em instantes.
error-account-unavailable = O provedor da conta não consegue renovar o acesso agora. Tente de novo em instantes.

link-open = O cliente desta pessoa não consegue mostrar este formulário, então ela o responde em uma página deste servidor. Peça que ela abra o link abaixo, entre na conta se for pedido e responda lá. Nada foi feito ainda.
link-again = Depois que ela responder, faça esta mesma chamada de novo, com os mesmos argumentos: ela continua com a resposta. Até lá, chamar de novo dá este mesmo link.
error-no-caller = Não foi possível perguntar à pessoa: o cliente dela não mostra formulários, e o servidor não consegue vincular uma página a ela (a chamada não traz nenhum usuário conectado).
error-form-not-answered = Não foi possível perguntar à pessoa: o cliente dela não respondeu ao formulário a tempo (talvez não mostre formulários). Pergunte de novo quando ela estiver pronta.
error-too-often = Esta mesma chamada foi pedida por um link vezes demais em pouco tempo. Espere alguns minutos e tente de novo.
