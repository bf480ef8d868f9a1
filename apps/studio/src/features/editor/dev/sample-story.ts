/**
 * A story of about `kb` kilobytes in the shape authors write: knots with speakers, choices,
 * conditions and variables, in a main file that INCLUDEs a second one.
 */
export function sampleStory(kb: number): Record<string, string> {
  const knots: string[] = [];
  let size = 0;
  for (let i = 0; size < kb * 1024; i += 1) {
    const next = i + 1;
    const knot = [
      `=== scene_${i} ===`,
      `Mara looks at the harbour lights, counting the boats that came in tonight. # speaker: mara`,
      `{gold > ${i % 7}: "You can pay the ferryman," she says.|"We walk," she says.} # mood: calm`,
      `~ trust = trust + 1`,
      `* [Ask about the boats] "How many?" you ask. # speaker: player`,
      `  ~ gold = gold + 1`,
      `  -> scene_${next}`,
      `* (wait_${i}) [Wait] You wait for the tide.`,
      `  -> scene_${next}`,
      `+ {trust > 3} [Trust her] -> people.meet ->`,
      `  -> scene_${next}`,
      '',
    ].join('\n');
    knots.push(knot);
    size += knot.length;
  }
  const last = knots.length;
  return {
    'main.ink': `INCLUDE people.ink\nVAR gold = 2\nVAR trust = 0\n-> scene_0\n\n${knots.join('\n')}=== scene_${last} ===\nThe end. -> END\n`,
    'people.ink': '=== people ===\n= meet\nMara nods. # speaker: mara\n->->\n',
  };
}
