//! One WebRTC data channel between two devices, signalled by hand: the
//! host makes an offer, the guest answers it, each carried as a code the
//! players scan or paste (`code.rs`). There is no signalling server, so
//! each side waits until its network addresses are all gathered before its
//! description is shown: the code then holds everything the other side
//! needs. No STUN or TURN server unless the player asked for one in the
//! settings: by default nothing leaves the local network.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::{closure::Closure, JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    js_sys, MessageEvent, RtcConfiguration, RtcDataChannel, RtcDataChannelEvent,
    RtcDataChannelState, RtcIceGatheringState, RtcIceServer, RtcPeerConnection,
    RtcPeerConnectionState, RtcSdpType, RtcSessionDescriptionInit,
};

/// The data channel's name (both sides must agree on nothing else).
const LABEL: &str = "table";

/// Longest wait for the addresses to be gathered: on a local network they
/// come in well under a second; past this the description goes out with
/// what it has.
const GATHER_MS: i32 = 5_000;

/// What the link tells its owner.
pub struct Handlers {
    pub on_open: Box<dyn Fn()>,
    pub on_message: Box<dyn Fn(String)>,
    /// The other device went away (closed, reloaded, lost the network).
    /// Told once.
    pub on_close: Box<dyn Fn()>,
}

/// A callback the browser holds.
type Callback = Closure<dyn FnMut(JsValue)>;

/// What the browser's callbacks share with the link.
struct Shared {
    handlers: Handlers,
    closed: Cell<bool>,
    channel: RefCell<Option<RtcDataChannel>>,
    // The browser's callbacks, kept alive as long as the link is.
    closures: RefCell<Vec<Callback>>,
}

impl Shared {
    fn report_close(&self) {
        if !self.closed.replace(true) {
            (self.handlers.on_close)();
        }
    }

    /// Keeps `f` alive with the link and gives the browser its function.
    fn keep(&self, f: impl FnMut(JsValue) + 'static) -> js_sys::Function {
        let closure = Callback::new(f);
        let function = closure.as_ref().unchecked_ref::<js_sys::Function>().clone();
        self.closures.borrow_mut().push(closure);
        function
    }

    /// Listens to the data channel: its opening, its messages, its end.
    fn attach(self: &Rc<Self>, channel: RtcDataChannel) {
        let shared = Rc::downgrade(self);
        channel.set_onopen(Some(&self.keep(move |_| {
            if let Some(shared) = shared.upgrade() {
                (shared.handlers.on_open)();
            }
        })));
        let shared = Rc::downgrade(self);
        channel.set_onmessage(Some(&self.keep(move |e: JsValue| {
            let text = e.unchecked_into::<MessageEvent>().data().as_string();
            if let (Some(shared), Some(text)) = (shared.upgrade(), text) {
                (shared.handlers.on_message)(text);
            }
        })));
        let shared = Rc::downgrade(self);
        channel.set_onclose(Some(&self.keep(move |_| {
            if let Some(shared) = shared.upgrade() {
                shared.report_close();
            }
        })));
        *self.channel.borrow_mut() = Some(channel);
    }
}

/// One connection to another device, with its data channel once open.
/// Dropping it closes the connection, without telling `on_close`.
pub struct Link {
    pc: RtcPeerConnection,
    shared: Rc<Shared>,
}

impl Drop for Link {
    fn drop(&mut self) {
        self.shared.closed.set(true);
        // The callbacks go with the link: the browser must not call them
        // when the closing it starts here comes to an end.
        self.pc.set_onconnectionstatechange(None);
        self.pc.set_onicegatheringstatechange(None);
        self.pc.set_ondatachannel(None);
        if let Some(channel) = self.shared.channel.borrow_mut().take() {
            channel.set_onopen(None);
            channel.set_onmessage(None);
            channel.set_onclose(None);
            channel.close();
        }
        self.pc.close();
    }
}

/// What a player is told where the browser has no WebRTC (WebKitGTK, some
/// embedded or locked-down browsers): no engine's words.
pub const CANNOT_CONNECT: &str = "This browser cannot connect to other devices.";

/// Whether this browser can connect to another device at all (it has
/// `RTCPeerConnection`). Where it cannot, no seat is offered on another
/// device, and a join page says what to do instead.
pub fn browser_can_connect() -> bool {
    js_sys::Reflect::has(&js_sys::global(), &JsValue::from_str("RTCPeerConnection"))
        .unwrap_or(false)
}

/// A failed browser call as a sentence: what failed, and the browser's why.
fn fail(what: &'static str) -> impl Fn(JsValue) -> String {
    move |e: JsValue| {
        let detail = e
            .dyn_ref::<js_sys::Error>()
            .map(|e| String::from(e.message()))
            .or_else(|| e.as_string())
            .unwrap_or_default();
        format!("{what} failed. {detail}").trim().to_string()
    }
}

impl Link {
    /// The host's side: a connection with its data channel, and the offer
    /// to show the guest once its addresses are gathered.
    pub async fn offer(stun: Option<&str>, handlers: Handlers) -> Result<(Link, String), String> {
        let link = Link::new(stun, handlers)?;
        link.shared.attach(link.pc.create_data_channel(LABEL));
        let offer = JsFuture::from(link.pc.create_offer())
            .await
            .map_err(fail("Making the invitation"))?;
        JsFuture::from(link.pc.set_local_description(offer.unchecked_ref()))
            .await
            .map_err(fail("Making the invitation"))?;
        let sdp = link.gathered().await;
        Ok((link, sdp))
    }

    /// The host takes in the guest's answer: the channel opens soon after.
    /// (The future holds no borrow of the link.)
    pub fn accept(
        &self,
        answer_sdp: &str,
    ) -> impl std::future::Future<Output = Result<(), String>> {
        let init = RtcSessionDescriptionInit::new(RtcSdpType::Answer);
        init.set_sdp(answer_sdp);
        let setting = JsFuture::from(self.pc.set_remote_description(&init));
        async move {
            setting.await.map_err(fail("Taking in the answer"))?;
            Ok(())
        }
    }

    /// The guest's side: answers the host's offer; the host's data channel
    /// arrives once the host has taken the answer in.
    pub async fn answer(
        offer_sdp: &str,
        stun: Option<&str>,
        handlers: Handlers,
    ) -> Result<(Link, String), String> {
        let link = Link::new(stun, handlers)?;
        let shared = Rc::downgrade(&link.shared);
        link.pc
            .set_ondatachannel(Some(&link.shared.keep(move |e: JsValue| {
                if let Some(shared) = shared.upgrade() {
                    shared.attach(e.unchecked_into::<RtcDataChannelEvent>().channel());
                }
            })));
        let init = RtcSessionDescriptionInit::new(RtcSdpType::Offer);
        init.set_sdp(offer_sdp);
        JsFuture::from(link.pc.set_remote_description(&init))
            .await
            .map_err(fail("Reading the invitation"))?;
        let answer = JsFuture::from(link.pc.create_answer())
            .await
            .map_err(fail("Making the answer"))?;
        JsFuture::from(link.pc.set_local_description(answer.unchecked_ref()))
            .await
            .map_err(fail("Making the answer"))?;
        let sdp = link.gathered().await;
        Ok((link, sdp))
    }

    /// Sends `text` to the other device. An error when the channel is not
    /// open (not yet, or no longer).
    pub fn send(&self, text: &str) -> Result<(), String> {
        let channel = self.shared.channel.borrow();
        match channel.as_ref() {
            Some(c) if c.ready_state() == RtcDataChannelState::Open => {
                c.send_with_str(text).map_err(fail("Sending"))
            }
            _ => Err("The other device is not connected.".into()),
        }
    }

    fn new(stun: Option<&str>, handlers: Handlers) -> Result<Link, String> {
        if !browser_can_connect() {
            return Err(CANNOT_CONNECT.to_string());
        }
        let config = RtcConfiguration::new();
        let servers = js_sys::Array::new();
        if let Some(url) = stun {
            let server = RtcIceServer::new();
            server.set_urls(&JsValue::from_str(url));
            servers.push(&server);
        }
        config.set_ice_servers(&servers);
        let pc = RtcPeerConnection::new_with_configuration(&config)
            .map_err(fail("Starting a connection"))?;
        let shared = Rc::new(Shared {
            handlers,
            closed: Cell::new(false),
            channel: RefCell::new(None),
            closures: RefCell::new(Vec::new()),
        });
        let weak = Rc::downgrade(&shared);
        let watched = pc.clone();
        pc.set_onconnectionstatechange(Some(&shared.keep(move |_| {
            let gone = matches!(
                watched.connection_state(),
                RtcPeerConnectionState::Failed
                    | RtcPeerConnectionState::Closed
                    | RtcPeerConnectionState::Disconnected
            );
            if let (true, Some(shared)) = (gone, weak.upgrade()) {
                shared.report_close();
            }
        })));
        Ok(Link { pc, shared })
    }

    /// The local description once every address is gathered (or after
    /// [`GATHER_MS`], with those gathered by then).
    async fn gathered(&self) -> String {
        if self.pc.ice_gathering_state() != RtcIceGatheringState::Complete {
            let pc = self.pc.clone();
            let shared = self.shared.clone();
            let done = js_sys::Promise::new(&mut |resolve, _| {
                let watched = pc.clone();
                let on_change = resolve.clone();
                pc.set_onicegatheringstatechange(Some(&shared.keep(move |_| {
                    if watched.ice_gathering_state() == RtcIceGatheringState::Complete {
                        let _ = on_change.call0(&JsValue::NULL);
                    }
                })));
                let _ = leptos::prelude::window()
                    .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, GATHER_MS);
            });
            let _ = JsFuture::from(done).await;
        }
        self.pc
            .local_description()
            .map(|d| d.sdp())
            .unwrap_or_default()
    }
}
