"""Every sentence the game prints, in one place: templates filled in with `str.format`."""

RULES = "Make {target} from the cards with + - * / and brackets, each card once."
NONE_RULE = "if a hand cannot be done, answer none"
KEYS = "h = hint, s = show an answer, q = quit"
BANNER = "hand {number}: make {target} from {hand}"
EMPTY = "type an expression that makes {target} from {hand}"
TYPE_AN_ANSWER = "type an answer, or " + KEYS
RIGHT, WRONG = "right: {}", "wrong: {}"
CAN_MAKE = "wrong: {hand} can make {target}; keep trying"
CANNOT_MAKE = "right: {hand} cannot make {target}"
OVER = "{} (this hand is over: no change to the score)"
SHOWN = "an answer: {answer} = {target}{more}"
SHOWN_NONE = "no answer: {hand} cannot make {target}"
NOT_COUNTED_SHOWN, ONLY, MANY = (
    " (answers not counted)",
    " (the only answer)",
    " ({:,} distinct answers in all)",
)
HINT = "hint {number} of {total}: {text}"
NO_MORE_HINTS = "no more hints: the rest is yours (s shows an answer); the last hint was {last}"
UNSOLVABLE_HINT = (
    "find the largest number these cards can make, and ask what the last step would need"
)
ONE_STEP = "one operation between the two cards makes {target}"
HOW_MANY_STEPS = "{count} of the {steps} steps {verb} {what}"
WHOLE_STEPS = "every step makes a whole number from 0 to {largest}"
FIRST_OPERATION, NEXT_OPERATION = "the first step {verb} two cards", "the next step {verb}"
FIRST_STEP, NEXT_STEP = "start with {}", "then {}"
VERBS = {"+": "adds", "-": "subtracts", "*": "multiplies", "/": "divides"}
SCORE = "{right} right out of {hands} ({shown} shown, {skipped} skipped); {wrong}, {hints}"
DIFFICULTY, SCORE_LINE, FINAL_SCORE = "difficulty: {}", "score: {}", "final score: {}"
QUIT, END, PLAYED = "quit", "end of input", "played {}"
NO_WAY = "{hand} cannot make {target}: the exact search finds no way"
FRACTION, NO_FRACTION = "needs a fraction on the way", "no fraction needed"
NOT_COUNTED, NOT_MEASURED = "distinct answers not counted", "search not measured for {cards} cards"
HITS = "{effort.hits:,} of the recursive search's {effort.final_numbers:,} final numbers {verb} {target}"
PASSES, NOT_ABOVE = "every answer passes {} on the way", "no number above {} on the way"
