//! Cards that travel. Every card on a table carries its identity in a
//! `data-card` attribute. Just before a game's state changes, [`before_change`]
//! notes where each card is; once the view shows the new state (the next
//! animation frame), a card now somewhere else glides from its old place to
//! its new one, and a card new to the table inside an element with
//! `data-from` (a selector, e.g. the deck) glides from there, turning over.
//! This is the FLIP technique (first, last, invert, play) with the browser's
//! Web Animations: the view itself never waits, a transform only draws the
//! card elsewhere for a moment.
//!
//! The settings decide as the stylesheet does: no motion when the device
//! asks for reduced motion or the player chose Off; half the time for Fast.
//! A tap or key press finishes every animation at once (app.rs), so a card
//! in flight never delays the next action; it is never the target of that
//! tap either (it lets taps through while it moves).

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::js_sys::{Array, Function, Object, Reflect};

/// How long a card travels, or `None` when nothing may move.
fn duration() -> Option<f64> {
    let reduced = window()
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|query| query.matches());
    if reduced {
        return None;
    }
    let motion = document()
        .document_element()
        .and_then(|root| root.get_attribute("data-motion"));
    match motion.as_deref() {
        Some("off") => None,
        Some("fast") => Some(150.0),
        _ => Some(280.0),
    }
}

/// Where an element is drawn: its centre on the screen and its layout size,
/// in whole pixels (centre x, centre y, width, height). The size is the
/// layout's, so that a card caught mid-turn (scaled to nothing) still
/// measures its full size; a turn scales about the centre, so the centre
/// holds.
type Place = (i32, i32, i32, i32);

fn place_of(element: &web_sys::Element) -> Place {
    let r = element.get_bounding_client_rect();
    let (width, height) = match element.dyn_ref::<web_sys::HtmlElement>() {
        Some(html) => (html.offset_width(), html.offset_height()),
        None => (r.width() as i32, r.height() as i32),
    };
    (
        (r.left() + r.width() / 2.0) as i32,
        (r.top() + r.height() / 2.0) as i32,
        width,
        height,
    )
}

/// A card as seen on the page: its identity, where it is drawn, and what
/// holds it (the `data-holder` around it: a pile, a hand, a grave).
struct Seen {
    id: String,
    place: Place,
    holder: Option<String>,
    /// Falls off the table when it dies (`data-falls`).
    falls: bool,
}

/// Every card on the page, with the element that draws it.
fn cards_on_page() -> Vec<(web_sys::Element, Seen)> {
    let mut cards = Vec::new();
    let Ok(found) = document().query_selector_all("[data-card]") else {
        return cards;
    };
    for i in 0..found.length() {
        let Some(element) = found
            .item(i)
            .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
        else {
            continue;
        };
        let Some(id) = element.get_attribute("data-card") else {
            continue;
        };
        let holder = element
            .closest("[data-holder]")
            .ok()
            .flatten()
            .and_then(|h| h.get_attribute("data-holder"));
        let place = place_of(&element);
        let falls = element.has_attribute("data-falls");
        cards.push((
            element,
            Seen {
                id,
                place,
                holder,
                falls,
            },
        ));
    }
    cards
}

/// Call just before a table's game state changes. Once the view shows the
/// new state, the cards the change moved are marked as the last move (a
/// card that changed holder, or came onto the table) and, while motion is
/// on, travel to their new places.
pub fn before_change() {
    let Ok(marked) = document().query_selector_all(".last-move") else {
        return;
    };
    for i in 0..marked.length() {
        if let Some(element) = marked
            .item(i)
            .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
        {
            let _ = element.class_list().remove_1("last-move");
        }
    }
    let mut before: Vec<Seen> = cards_on_page().into_iter().map(|(_, seen)| seen).collect();
    // An identity seen twice cannot say which of the two moved.
    let ids: Vec<String> = before.iter().map(|s| s.id.clone()).collect();
    before.retain(|seen| ids.iter().filter(|&id| *id == seen.id).count() == 1);
    let time = duration();
    request_animation_frame(move || settle(&before, time));
}

fn settle(before: &[Seen], time: Option<f64>) {
    let after = cards_on_page();
    if let Some(time) = time {
        for gone in before.iter().filter(|seen| seen.falls) {
            if !after.iter().any(|(_, now)| now.id == gone.id) {
                fall(gone, time);
            }
        }
    }
    for (element, now) in after {
        if now.place.2 == 0 || now.place.3 == 0 {
            continue; // Not drawn (e.g. in a closed panel).
        }
        let was = before.iter().find(|seen| seen.id == now.id);
        if was.is_none_or(|was| was.holder != now.holder) {
            let _ = element.class_list().add_1("last-move");
        }
        let Some(time) = time else {
            continue;
        };
        let (from, turn) = match was {
            Some(was) => (was.place, false),
            None => match source_of(&element) {
                Some(from) => (from, true),
                None => continue,
            },
        };
        if (from.0 - now.place.0).abs() < 2 && (from.1 - now.place.1).abs() < 2 {
            continue;
        }
        glide(&element, from, now.place, turn, time);
    }
}

/// Where a card new to the table comes from: the element named by the
/// `data-from` selector of the nearest element around it that has one.
fn source_of(element: &web_sys::Element) -> Option<Place> {
    let holder = element.closest("[data-from]").ok().flatten()?;
    let selector = holder.get_attribute("data-from")?;
    let source = document().query_selector(&selector).ok().flatten()?;
    Some(place_of(&source))
}

/// `element.animate(keyframes, time)`, the Web Animations call (web-sys
/// has it only behind its unstable APIs).
fn animate(element: &web_sys::Element, keyframes: &Array, time: f64) -> Option<web_sys::Animation> {
    let animate: Function = Reflect::get(element, &"animate".into())
        .ok()?
        .dyn_into()
        .ok()?;
    animate
        .call2(element, keyframes, &time.into())
        .ok()?
        .dyn_into()
        .ok()
}

/// "0.75" for 750 thousandths (written with integers: float formatting
/// would add its code to every game's chunk).
fn thousandths(n: i32) -> String {
    format!("{}.{:03}", n / 1000, n % 1000)
}

/// Draws `element` at `from` and moves it to its own place `to`; `turn`
/// also turns it face up on the way (a card coming off a face-down deck).
fn glide(element: &web_sys::Element, from: Place, to: Place, turn: bool, time: f64) {
    let ((fx, fy), (tx, ty)) = ((from.0, from.1), (to.0, to.1));
    let scale = (from.2 * 1000 / to.2.max(1)).clamp(200, 3000);
    let scale_x = if turn { 0 } else { scale };
    let start = format!(
        "translate({}px, {}px) scale({}, {})",
        fx - tx,
        fy - ty,
        thousandths(scale_x),
        thousandths(scale)
    );
    let keyframes = Array::new();
    for (transform, easing) in [(start.as_str(), "ease-out"), ("none", "linear")] {
        let frame = Object::new();
        let _ = Reflect::set(&frame, &"transform".into(), &transform.into());
        let _ = Reflect::set(&frame, &"easing".into(), &easing.into());
        // Above the cards it passes over, and no target for a tap: a tap on
        // a control it passes over goes to that control (the press would
        // land on the card, the release on the control, and the click on
        // neither).
        let _ = Reflect::set(&frame, &"zIndex".into(), &JsValue::from_str("20"));
        let _ = Reflect::set(&frame, &"pointerEvents".into(), &JsValue::from_str("none"));
        keyframes.push(&frame);
    }
    let _ = animate(element, &keyframes, time);
}

/// A counter (`text`) flies from the element matching `from` to the one
/// matching `to`, e.g. a clue to the police pile: a drawing made for the
/// flight and removed when it lands (or when a tap finishes it). It says
/// nothing to screen readers: the move itself is announced by the table.
pub fn fly_counter(from: &str, to: &str, text: &str, class: &str) {
    let Some(time) = duration() else {
        return;
    };
    let find = |selector: &str| document().query_selector(selector).ok().flatten();
    let (Some(from), Some(to), Some(body)) = (find(from), find(to), document().body()) else {
        return;
    };
    let (from, to) = (place_of(&from), place_of(&to));
    let Ok(counter) = document().create_element("span") else {
        return;
    };
    counter.set_text_content(Some(text));
    let _ = counter.set_attribute("class", &format!("flying-counter {class}"));
    let _ = counter.set_attribute("aria-hidden", "true");
    let Ok(counter) = counter.dyn_into::<web_sys::HtmlElement>() else {
        return;
    };
    // Style properties, not a style attribute (the page's content security
    // policy refuses inline style attributes).
    let style = counter.style();
    let _ = style.set_property("left", &format!("{}px", from.0));
    let _ = style.set_property("top", &format!("{}px", from.1));
    let _ = body.append_child(&counter);
    let end = format!("translate({}px, {}px)", to.0 - from.0, to.1 - from.1);
    let keyframes = Array::new();
    for (transform, opacity) in [("none", "1"), (end.as_str(), "0.3")] {
        let frame = Object::new();
        let _ = Reflect::set(&frame, &"transform".into(), &transform.into());
        let _ = Reflect::set(&frame, &"opacity".into(), &opacity.into());
        keyframes.push(&frame);
    }
    play_once(counter, &keyframes, time * 2.0);
}

/// A card that died falls from its place and fades: a silhouette with its
/// name, made for the fall and removed after it (the row has already
/// closed up). Hidden from screen readers: the table announces the kill.
fn fall(card: &Seen, time: f64) {
    let Some(body) = document().body() else {
        return;
    };
    let Ok(ghost) = document().create_element("div") else {
        return;
    };
    ghost.set_text_content(Some(&card.id));
    let _ = ghost.set_attribute("class", "fall-ghost");
    let _ = ghost.set_attribute("aria-hidden", "true");
    let Ok(ghost) = ghost.dyn_into::<web_sys::HtmlElement>() else {
        return;
    };
    let (x, y, width, height) = card.place;
    let style = ghost.style();
    let _ = style.set_property("left", &format!("{}px", x - width / 2));
    let _ = style.set_property("top", &format!("{}px", y - height / 2));
    let _ = style.set_property("width", &format!("{width}px"));
    let _ = style.set_property("height", &format!("{height}px"));
    let _ = body.append_child(&ghost);
    let keyframes = Array::new();
    for (transform, opacity) in [("none", "1"), ("translateY(70%) rotate(14deg)", "0")] {
        let frame = Object::new();
        let _ = Reflect::set(&frame, &"transform".into(), &transform.into());
        let _ = Reflect::set(&frame, &"opacity".into(), &opacity.into());
        let _ = Reflect::set(&frame, &"easing".into(), &"ease-in".into());
        keyframes.push(&frame);
    }
    play_once(ghost, &keyframes, time * 1.5);
}

/// Plays `keyframes` on an element made for them, then removes it (also
/// when a tap finishes the animation at once).
fn play_once(element: web_sys::HtmlElement, keyframes: &Array, time: f64) {
    let Some(animation) = animate(&element, keyframes, time) else {
        element.remove();
        return;
    };
    let done = wasm_bindgen::closure::Closure::once_into_js(move || element.remove());
    animation.set_onfinish(Some(done.unchecked_ref()));
}
