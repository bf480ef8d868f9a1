import { STATUS } from '@taleforge/contracts/status';
import { Story } from 'inkjs';
import { Compiler } from 'inkjs/full';
import { describe, expect, it } from 'vitest';
import { fixture, refusal } from '../../../../../test/support/studio-import.js';
import { importTwee } from './twee-to-ink.js';

/** Compiles the converted ink (it must compile cleanly) and plays it, taking `picks` by label. */
function play(twee: string | Buffer, picks: string[] = []) {
  const result = importTwee(typeof twee === 'string' ? Buffer.from(twee) : twee, 'story.twee');
  const compiler = new Compiler(result.files[0]!.source);
  const compiled = compiler.Compile();
  expect(compiler.errors).toEqual([]);
  const story = new Story(compiled.ToJson()!);
  const steps: { text: string[]; choices: string[] }[] = [];
  for (let i = 0; ; i++) {
    const text: string[] = [];
    while (story.canContinue) {
      const line = story.Continue()!.trim();
      if (line) text.push(line);
    }
    const choices = story.currentChoices.map((c: { text: string }) => c.text);
    steps.push({ text, choices });
    if (i >= picks.length || choices.length === 0) break;
    story.ChooseChoiceIndex(choices.indexOf(picks[i]!));
  }
  return { result, steps };
}

describe('Twee 3 from the Twine Cookbook', () => {
  it.each(['sugarcube', 'harlowe'])('%s: set and if/else read as Twine shows them', (format) => {
    const { steps, result } = play(fixture(`twee/${format}_conditionalstatements.twee`));
    expect(steps[0]!.text.slice(0, 1)).toEqual(["It's a horse!"]);
    expect(result.chapters[0]!.title).toBe(
      `Conditional Statements in ${format === 'sugarcube' ? 'SugarCube' : 'Harlowe'}`,
    );
  });

  it.each(['sugarcube', 'harlowe'])('%s: variables print their values as they change', (format) => {
    const { steps } = play(fixture(`twee/${format}_settingandshowing.twee`));
    expect(steps[0]!.text).toEqual(
      format === 'sugarcube'
        ? ['The value is 5 and five.', 'The value is 6 and five.']
        : ['The values are 5 and five.', 'The values are 6 and five.'],
    );
  });

  it.each(['sugarcube', 'harlowe'])(
    '%s: links become choices, guarded by the if they sit in',
    (format) => {
      const { steps, result } = play(fixture(`twee/${format}_lockandkey_variable.twee`), [
        'Front Room',
      ]);
      expect(steps[0]!.choices.sort()).toEqual(['Back Room', 'Front Room']);
      // The key was never picked up (that link macro is not converted), so the door stays locked.
      expect(steps[1]!.text).toContain(format === 'sugarcube' ? 'Locked Door' : '*Locked Door*');
      expect(steps[1]!.choices).toEqual(['Back Room']);
      expect(result.unconverted).toEqual([
        {
          where: 'Back Room',
          what:
            format === 'sugarcube'
              ? '<<linkreplace "Pick up the key">><<set $key to true>>You have a key.<</linkreplace>>'
              : '(link: "Pick up key")[(set: $key to true)You have a key.]',
        },
      ]);
    },
  );
});

describe('Twee conversion', () => {
  const story = (body: string) =>
    `:: StoryTitle\nThe Vault\n\n:: StoryData\n{"ifid": "8E3A5E46-0D6E-4A3B-9B0B-1D0F0C1A2B3C", "start": "Gate"}\n\n${body}`;

  it('takes the title and start passage from StoryTitle and StoryData', () => {
    const { result, steps } = play(story(':: Start\nNot here.\n\n:: Gate\nThe gate.'));
    expect(result.title).toBe('The Vault');
    expect(steps[0]!.text).toEqual(['The gate.']);
  });

  it('reads all three link forms and keeps link words that sit inside a sentence', () => {
    const { steps } = play(
      story(
        ':: Gate\nA door. Knock on [[the door->Door]] or leave.\n[[Left<-Turn left]]\n[[Go right|Right]]\n[[Door]]\n\n:: Door\nD\n\n:: Left\nL\n\n:: Right\nR',
      ),
      ['Go right'],
    );
    expect(steps[0]!.text).toEqual(['A door. Knock on the door or leave.']);
    expect(steps[0]!.choices).toEqual(['the door', 'Turn left', 'Go right', 'Door']);
    expect(steps[1]!.text).toEqual(['R']);
  });

  it('converts SugarCube elseif chains, StoryInit values and arithmetic', () => {
    const twee = story(
      ':: StoryInit\n<<set $gold to 3>><<set $name to "Ada">>\n\n:: Gate\n<<set $gold += 2>>\n<<if $gold gte 10>>Rich<<elseif $gold gt 4>>Comfortable, $name<<else>>Poor<</if>>',
    );
    expect(play(twee).steps[0]!.text).toEqual(['Comfortable, Ada']);
    expect(importTwee(Buffer.from(twee)).files[0]!.source).toMatch(/^VAR gold = 3$/m);
  });

  it('converts Harlowe else-if chains, unless and is not', () => {
    const twee = story(
      ':: Gate\n(set: $mood to "calm")(set: $n to 2)\n(if: $mood is not "calm")[Storm](else-if: $n > 1)[Two or more](else:)[Quiet]\n(unless: $n is 2)[Never]',
    );
    expect(play(twee).steps[0]!.text).toEqual(['Two or more']);
  });

  it('lists every macro it does not convert, per passage, and keeps it as a comment', () => {
    const twee = story(
      ':: Gate\nHi <<goto "Door">>\n(set: $list to (a: 1, 2))\n<<script>>alert(1)<</script>>\n\n:: Door\n$items[0]',
    );
    const result = importTwee(Buffer.from(twee));
    expect(result.unconverted).toEqual([
      { where: 'Gate', what: '<<goto "Door">>' },
      { where: 'Gate', what: '(set: $list to (a: 1, 2))' },
      { where: 'Gate', what: '<<script>>alert(1)<</script>>' },
      { where: 'Door', what: '$items[0]' },
    ]);
    expect(result.files[0]!.source).toContain('// not converted: <<goto "Door">>');
  });

  it('lists script and stylesheet passages and links to passages that do not exist', () => {
    const { result } = play(story(':: Gate\n[[Nowhere]]\n\n:: Styles [stylesheet]\nbody {}'));
    expect(result.unconverted).toEqual([
      { where: 'Styles', what: 'special passage (stylesheet), not converted' },
      { where: 'Gate', what: 'link to a passage that does not exist: [[Nowhere->Nowhere]]' },
    ]);
  });

  it('escapes prose ink would read as syntax', () => {
    const { steps } = play(
      story(':: Gate\n- A dash, {braces}, a # hash, a // slash -> arrow | bar\n* star'),
    );
    expect(steps[0]!.text).toEqual([
      '- A dash, {braces}, a # hash, a // slash -> arrow | bar',
      '* star',
    ]);
  });

  it('refuses what is not Twee 3', async () => {
    expect(
      (await refusal(() => importTwee(Buffer.from('Just a story.\nNo passages.')))).status,
    ).toBe(STATUS.STUDIO_TWEE_INVALID);
    expect(
      (await refusal(() => importTwee(Buffer.from(':: StoryData\n{not json\n\n:: Start\nHi'))))
        .detail,
    ).toBe('StoryData is not a JSON object');
  });

  it('refuses text that is not UTF-8', async () => {
    const latin1 = Buffer.from(':: Start\nCaf\xe9', 'latin1');
    expect((await refusal(() => importTwee(latin1, 'cafe.twee'))).status).toBe(
      STATUS.STUDIO_NOT_UTF8,
    );
  });
});

describe('Twee values shown and tested', () => {
  it('shows <<print>>, <<=>> and (print:) and declares variables only read', () => {
    const twee =
      ':: Start\n<<set $n to 2>>Twice: <<print $n * 2>>, <<= $n + 1>>\n(print: $n - 1)\n<<if $seen>>Seen<<else>>Not seen<</if>>';
    expect(play(twee).steps[0]!.text).toEqual(['Twice: 4, 3', '1', 'Not seen']);
  });
});

describe('crafted Twee', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('reads a header of a thousand spaces and an unclosed bracket in one pass', () => {
    const story = `:: Start\nHello.\n::${' '.repeat(1000)}[\n`;
    // The old header pattern backtracked for minutes on this line; now it is plain text.
    expect(importTwee(bytes(story)).files).toBeDefined();
  });

  it('refuses a passage longer than 32 KB and a file over 1 MB, naming which', () => {
    const long = `:: Start\n${'<<set $a to 1 '.repeat(3000)}\n`;
    expect(() => importTwee(bytes(long))).toThrow(/Start: over 32 KB/);
    const big = new Uint8Array(1024 * 1024 + 1).fill(0x61);
    expect(() => importTwee(big, 'huge.twee')).toThrow(/huge.twee: over 1 MB/);
  });
});
