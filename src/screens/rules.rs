use crate::route::Route;
use crate::ui::TopBar;
use leptos::prelude::*;

/// Dead Center's rules in our own words, with every ruling the app follows.
#[component]
pub fn Rules() -> impl IntoView {
    view! {
        <TopBar title="Dead Center: how to play"/>
        <article class="panel rules">
            <h2>"The idea"</h2>
            <p>"Twelve zombies, the Jacks, Queens and Kings, surround a cabin of nine piles. You play one card a turn onto the cabin and use the cards in its rows and columns to fight. Kill all twelve before the deck runs out."</p>

            <h2>"Setting up"</h2>
            <ul>
                <li>"The twelve face cards are the zombies. They are shuffled and laid face down, one on each of the twelve spaces around the cabin: three above (one per column), three below, three on the left (one per row) and three on the right."</li>
                <li>"The forty number cards (an Ace counts 1) are shuffled with the jokers. Nine of them form the 3 by 3 cabin, face up; the rest are the draw deck."</li>
                <li>"Variants: Standard has two jokers (a 33-card deck), Hard one joker, Nightmare none."</li>
            </ul>

            <h2>"A turn, always in this order"</h2>
            <ol>
                <li><strong>"Reveal."</strong>" While any zombie is still face down, pick one and turn it over. You choose before you see the card you will draw. Once all are face up, you simply draw."</li>
                <li><strong>"Draw and play."</strong>" Take the top card of the deck and put it on one of the nine piles. It may go on a card of the same value; on a higher card of the same colour; or on a lower card of the other colour. A joker may go on any pile, and any card may go on a joker. The card you play becomes the top of that pile."</li>
                <li><strong>"Kill (if you can and want to)."</strong>" You may kill one face-up zombie next to the pile you just played on. Corner piles touch two zombie spaces, edge piles one, the centre pile none."</li>
            </ol>

            <h2>"Attacking"</h2>
            <p>"The card you just played does not fight itself. Its two support cards do: the top cards of the other two piles in the same row (for a zombie on the left or right) or the same column (for a zombie above or below)."</p>
            <ul>
                <li>"The two supports must add up to 10 or more."</li>
                <li>"A King also needs both supports in its own suit."</li>
                <li>"A Queen also needs both supports in its own colour."</li>
                <li>"A Jack needs nothing more."</li>
                <li>"A joker supports with the value 0 but counts as every suit and both colours, so it kills only together with a 10."</li>
            </ul>
            <p>"Killing is never forced, and you can kill at most one zombie a turn. If none can be killed, the turn ends by itself."</p>

            <h2>"Winning and losing"</h2>
            <ul>
                <li>"You win the moment the twelfth zombie dies. Your score is the number of cards still in the deck."</li>
                <li>"You lose when you must draw and the deck is empty, or when the card you drew fits on no pile."</li>
            </ul>

            <h2>"In this app"</h2>
            <ul>
                <li><strong>"Undo"</strong>" takes back this turn's placement and kill while the next reveal or draw has not happened. A reveal or a draw can never be taken back, since you have seen a new card."</li>
                <li><strong>"Hint"</strong>" suggests a move after trying each choice against many possible orders of the unseen cards. It knows only what you can see."</li>
                <li>"A game won after using undo or a hint is counted apart in the statistics. Leaving a game unfinished to start another counts as a loss."</li>
                <li>"Every deal has a number, shown on the table and in the address. The same variant and number always deal the same cards."</li>
                <li>"Your game is saved after every move and survives closing the tab."</li>
            </ul>

            <h2>"Keyboard"</h2>
            <p>"Every card and button can be reached with Tab and used with Enter or Space. Shortcuts on the table: "
                <kbd>"1"</kbd>"–"<kbd>"9"</kbd>" play the drawn card on a pile (counted row by row), "
                <kbd>"D"</kbd>" draw, "<kbd>"E"</kbd>" end the turn without killing, "
                <kbd>"U"</kbd>" undo, "<kbd>"H"</kbd>" hint."</p>

            <div class="button-row">
                <a class="button primary" href=Route::DeadCenter.href()>"Play Dead Center"</a>
            </div>
        </article>
    }
}
