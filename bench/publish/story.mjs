// A generated story of about 200 KB, written the way authors write ink: knots with stitches,
// global variables, conditions, sequences, sticky and once-only choices, functions, diverts that
// cross the whole story, tags of ours and of others. Deterministic, so every run compiles the same.

const PLACES = ['harbour', 'market', 'chapel', 'tower', 'mill', 'bridge', 'forge', 'garden'];

function knot(i, count) {
  const place = PLACES[i % PLACES.length];
  const next = `scene_${(i + 1) % count}`;
  const far = `scene_${(i * 7 + 3) % count}`;
  return `=== scene_${i} ===
~ visits++
{visits > 3: The ${place} feels familiar now.|You arrive at the ${place} for the first time.} # CLASS: place-${place}
Mira looks at you and waits. # speaker: mira:${i % 2 ? 'smile' : 'normal'}
{~The wind rises.|Gulls cry over the roofs.|A bell rings twice.|Nothing moves.}
-> opening

= opening
The lamp of the ${place} is {lamp_lit: lit|dark}, and you carry {coins} coins.
{coins > 20: Your purse is heavy.}
* [Light the lamp] 
  ~ lamp_lit = true
  You strike a match and the ${place} glows. # zh:你点亮了灯。 # ja:灯りをともした。
  -> talk
* {coins >= 2} [Pay the keeper two coins]
  ~ coins = coins - 2
  The keeper nods and lets you pass.
  -> talk
+ [Look around]
  {&You see crates.|You see a cat.|You see your own footprints.}
  -> opening
* [Leave for somewhere else] -> ${far}

= talk
"What brings you to the ${place}?" she asks. # speaker: mira:observe
* "A letter."
  ~ letters = letters + 1
  She reads it twice. {letters > 2: "Another one," she sighs.}
* "Curiosity."
  ~ curiosity = add_one(curiosity)
  She laughs. "That is reason enough."
* {lamp_lit} "The light."
  "Then stay a while."
- -> ${next}
`;
}

/** `count` knots of about 1.1 KB each: 180 make some 200 KB. */
export function generatedStory(count = 180) {
  const head = `VAR visits = 0
VAR coins = 30
VAR lamp_lit = false
VAR letters = 0
VAR curiosity = 0
# title: The generated town
-> scene_0

=== function add_one(x) ===
~ return x + 1
`;
  return head + Array.from({ length: count }, (_, i) => knot(i, count)).join('\n');
}
