//! [`Forms`]: a server served with every request that may ask (`tools/call`, `prompts/get`,
//! `resources/read`) seen whole, so that on 2026-07-28 a `#[prompt]` method gets its answers
//! and no handler's swallowed ask loses its form.

use std::borrow::Cow;
use std::sync::{Arc, OnceLock};

use ::rmcp::model::{
    CallToolRequestParams, CallToolResponse, CancelTaskParams, CancelledNotificationParam,
    CompleteRequestParams, CompleteResult, CustomNotification, CustomRequest, CustomResult,
    DiscoverResult, ErrorCode, ExtensionCapabilities, GetPromptRequestParams, GetPromptResponse,
    GetSkillRequestParams, GetSkillResult, GetTaskParams, GetTaskResult, InitializeRequestParams,
    InitializeResult, JsonObject, ListPromptsResult, ListResourceTemplatesResult,
    ListResourcesResult, ListSkillsResult, ListToolsResult, PaginatedRequestParams,
    ProgressNotificationParam, ProtocolVersion, ReadResourceDirectoryRequestParams,
    ReadResourceDirectoryResult, ReadResourceRequestParams, ReadResourceResponse, ServerConfig,
    SubscribeRequestParams, SubscriptionFilter, TASKS_EXTENSION_ID, Tool, UnsubscribeRequestParams,
    UpdateTaskParams,
};
// Logging is deprecated (SEP-2577); the server's own `logging/setLevel` is passed on all the same.
#[allow(deprecated)]
use ::rmcp::model::SetLevelRequestParams;
use ::rmcp::service::{NotificationContext, RequestContext, RoleServer, SubscriptionContext};
use ::rmcp::task_manager::TaskManager;
use ::rmcp::{ErrorData, ServerHandler};

use super::call::PromptRound;
use super::pending::Pending;
use super::reach::Reach;
use super::task::TasksUnanswered;

/// A server (any rmcp `ServerHandler`) served so that every form it asks reaches the client.
/// `Forms` is a `ServerHandler` itself: serve it wherever the server would be served (stdio,
/// `StreamableHttpService::new(move || Ok(Forms::new(..)), ..)`).
///
/// - a `prompts/get` on 2026-07-28 brings its answers to the `#[prompt]` method (rmcp's
///   `#[prompt_handler]` leaves them out of the context it makes; without `Forms` an asking
///   prompt ends in an error saying so, rather than asking forever);
/// - a handler of `tools/call`, `prompts/get` or `resources/read` that asked a form on
///   2026-07-28 and swallowed the ask's error (an `Err(_) =>` arm, `.ok()`, `.unwrap_or(..)`)
///   returns the form anyway, whatever it returned instead: in the `ServerHandler` style too.
///
/// - with [`Forms::with_tasks`], the tasks of rmcp's tasks extension (SEP-2663) are answered
///   from a `TaskManager`: `tasks/get`, `tasks/update` (each answer to the form asked under its
///   key, [`TaskCall`](super::TaskCall)) and `tasks/cancel`, the extension declared in the
///   server's capabilities.
///
/// Every other request, every notification and the server's info are the server's own.
///
/// ```no_run
/// use mcp_elicit::rmcp::Forms;
/// use rmcp::ServiceExt;
/// # #[derive(Clone)] struct Server;
/// # impl rmcp::ServerHandler for Server {}
///
/// # async fn serve() -> Result<(), Box<dyn std::error::Error>> {
/// let running = Forms::new(Server).serve(rmcp::transport::stdio()).await?;
/// running.waiting().await?;
/// # Ok(())
/// # }
/// ```
#[derive(Clone, Default)]
pub struct Forms<S> {
    server: S,
    tasks: Option<TaskManager>,
    /// Whether the server answers `tasks/get` itself (not with rmcp's default `-32601`), once
    /// asked: without [`Forms::with_tasks`], a task made where it does not is refused.
    answers_tasks: Arc<OnceLock<bool>>,
    /// How the calls reach a person whose client cannot show their forms.
    reach: Option<Reach>,
}

/// The task id `tasks/get` is asked about to learn whether the server answers it at all.
const PROBE: &str = "mcp-elicit/does-this-server-answer-tasks";

impl<S> Forms<S> {
    /// `server`, served with its forms kept.
    pub fn new(server: S) -> Self {
        Forms {
            server,
            tasks: None,
            answers_tasks: Arc::default(),
            reach: None,
        }
    }

    /// Every call's forms reach the person whatever their client declares, as `reach` says:
    /// installed ([`Reach::within`]) in each `tools/call`, `prompts/get` and `resources/read`
    /// before the server's handler runs. See [`Reach`].
    #[must_use]
    pub fn reach(mut self, reach: Reach) -> Self {
        self.reach = Some(reach);
        self
    }

    /// The tasks the server's calls make ([`task`](super::task), [`Call::task`](super::Call::task))
    /// answered from `tasks`, the manager they are made in: `tasks/get`, `tasks/update` and
    /// `tasks/cancel` (rather than the server's own methods), and the tasks extension declared
    /// in the server's capabilities. Share one manager with every request (rmcp's Streamable
    /// HTTP service makes a server per request on 2026-07-28): a clone is the same manager.
    ///
    /// Forgotten, a task's `tasks/get` would go to the server's own method, which rmcp answers
    /// with `-32601` unless the server wrote it: then the first call that makes a task is
    /// refused with an internal error saying to add `.with_tasks(tasks)`, before the task is
    /// made.
    ///
    /// ```
    /// use mcp_elicit::rmcp::Forms;
    /// use rmcp::ServerHandler;
    /// use rmcp::task_manager::TaskManager;
    ///
    /// # #[derive(Clone)] struct Server { tasks: TaskManager }
    /// # impl ServerHandler for Server {}
    /// let tasks = TaskManager::new();
    /// let served = Forms::new(Server { tasks: tasks.clone() }).with_tasks(tasks);
    /// assert!(served.get_info().capabilities.supports_tasks());
    /// ```
    #[must_use]
    pub fn with_tasks(mut self, tasks: TaskManager) -> Self {
        self.tasks = Some(tasks);
        self
    }

    /// The server.
    pub fn inner(&self) -> &S {
        &self.server
    }
}

impl<S: ServerHandler> Forms<S> {
    /// The reach, if one is set, installed for the request `context` is of.
    fn install(&self, context: &mut RequestContext<RoleServer>) {
        if let Some(reach) = &self.reach {
            reach.within(context);
        }
    }

    /// Whether a task the call makes can be seen: `tasks/*` are answered from the manager of
    /// [`Forms::with_tasks`], or by the server itself (its `tasks/get` asked once, about a task
    /// that is none, answers anything but rmcp's default `-32601`). A client that did not declare
    /// the tasks extension is made no task: nothing is asked.
    async fn answers_tasks(&self, context: &RequestContext<RoleServer>) -> bool {
        if self.tasks.is_some()
            || !context
                .client_capabilities()
                .is_some_and(|c| c.supports_tasks())
        {
            return true;
        }
        if let Some(answers) = self.answers_tasks.get() {
            return *answers;
        }
        let probe = self
            .server
            .get_task(GetTaskParams::new(PROBE), context.clone())
            .await;
        let answers = !matches!(probe, Err(error) if error.code == ErrorCode::METHOD_NOT_FOUND);
        *self.answers_tasks.get_or_init(|| answers)
    }
}

impl<S: std::fmt::Debug> std::fmt::Debug for Forms<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Forms")
            .field("server", &self.server)
            .field("tasks", &self.tasks.is_some())
            .finish_non_exhaustive()
    }
}

/// Every method is the server's own; `tools/call`, `prompts/get` and `resources/read` are seen
/// whole (their pending form kept, a prompt's answers carried to its method).
impl<S: ServerHandler> ServerHandler for Forms<S> {
    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        mut context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        self.install(&mut context);
        let pending = Pending::within(&mut context);
        if !self.answers_tasks(&context).await {
            context.extensions.insert(TasksUnanswered);
        }
        pending.settle(self.server.call_tool(request, context).await)
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        mut context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        context.extensions.insert(PromptRound {
            input_responses: request.input_responses.clone(),
            request_state: request.request_state.clone(),
        });
        self.install(&mut context);
        let pending = Pending::within(&mut context);
        pending.settle(self.server.get_prompt(request, context).await)
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        mut context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        self.install(&mut context);
        let pending = Pending::within(&mut context);
        pending.settle(self.server.read_resource(request, context).await)
    }

    fn get_info(&self) -> ServerConfig {
        let mut info = self.server.get_info();
        if self.tasks.is_some() {
            info.capabilities
                .extensions
                .get_or_insert_with(ExtensionCapabilities::new)
                .insert(TASKS_EXTENSION_ID.to_owned(), JsonObject::new());
        }
        info
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        self.server.supported_protocol_versions()
    }

    fn negotiate_initialize(
        &self,
        request: &InitializeRequestParams,
    ) -> Result<InitializeResult, ErrorData> {
        self.server.negotiate_initialize(request)
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.server.get_tool(name)
    }

    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        self.server.accepted_subscription_filter(requested)
    }

    async fn ping(&self, context: RequestContext<RoleServer>) -> Result<(), ErrorData> {
        self.server.ping(context).await
    }

    async fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, ErrorData> {
        self.server.initialize(request, context).await
    }

    async fn discover(
        &self,
        context: RequestContext<RoleServer>,
    ) -> Result<DiscoverResult, ErrorData> {
        self.server.discover(context).await
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, ErrorData> {
        self.server.complete(request, context).await
    }

    #[allow(deprecated)]
    async fn set_level(
        &self,
        request: SetLevelRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.server.set_level(request, context).await
    }

    async fn list_prompts(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        self.server.list_prompts(request, context).await
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        self.server.list_resources(request, context).await
    }

    async fn list_resource_templates(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        self.server.list_resource_templates(request, context).await
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        self.server.listen(context).await
    }

    #[allow(deprecated)]
    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.server.subscribe(request, context).await
    }

    #[allow(deprecated)]
    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.server.unsubscribe(request, context).await
    }

    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        self.server.list_tools(request, context).await
    }

    async fn on_custom_request(
        &self,
        request: CustomRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, ErrorData> {
        self.server.on_custom_request(request, context).await
    }

    async fn on_cancelled(
        &self,
        notification: CancelledNotificationParam,
        context: NotificationContext<RoleServer>,
    ) {
        self.server.on_cancelled(notification, context).await;
    }

    async fn on_progress(
        &self,
        notification: ProgressNotificationParam,
        context: NotificationContext<RoleServer>,
    ) {
        self.server.on_progress(notification, context).await;
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        self.server.on_initialized(context).await;
    }

    async fn on_roots_list_changed(&self, context: NotificationContext<RoleServer>) {
        self.server.on_roots_list_changed(context).await;
    }

    async fn on_custom_notification(
        &self,
        notification: CustomNotification,
        context: NotificationContext<RoleServer>,
    ) {
        self.server
            .on_custom_notification(notification, context)
            .await;
    }

    async fn get_task(
        &self,
        request: GetTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetTaskResult, ErrorData> {
        match &self.tasks {
            Some(tasks) => Ok(GetTaskResult::new(tasks.get_task(&request.task_id)?)),
            None => self.server.get_task(request, context).await,
        }
    }

    async fn update_task(
        &self,
        request: UpdateTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        match &self.tasks {
            Some(tasks) => tasks.update_task(&request.task_id, request.input_responses),
            None => self.server.update_task(request, context).await,
        }
    }

    async fn cancel_task(
        &self,
        request: CancelTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        match &self.tasks {
            Some(tasks) => tasks.cancel_task(&request.task_id),
            None => self.server.cancel_task(request, context).await,
        }
    }

    async fn list_skills(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListSkillsResult, ErrorData> {
        self.server.list_skills(request, context).await
    }

    async fn get_skill(
        &self,
        request: GetSkillRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetSkillResult, ErrorData> {
        self.server.get_skill(request, context).await
    }

    async fn read_resource_directory(
        &self,
        request: ReadResourceDirectoryRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceDirectoryResult, ErrorData> {
        self.server.read_resource_directory(request, context).await
    }
}
