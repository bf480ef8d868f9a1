// Ember Academy — chapter 1: The Flame That Went Out
VAR won = false
EXTERNAL has_item(key)

A hundred candles float above the Great Hall. One by one, the new apprentices step up, and one by one the choosing flame leaps toward them. #scene:great_hall #zh:上百支蜡烛漂浮在大厅上空。新学徒一个接一个走上前，选择之火一次次朝他们跃起。 #ja:大広間の上に百本のろうそくが浮かぶ。新しい見習いが一人ずつ進み出るたび、選定の炎が跳ねて迎える。
Then it is your turn. The flame looks at you, flickers, and goes out. #zh:然后轮到你了。火焰看了看你，闪了一下，熄灭了。 #ja:そしてあなたの番。炎はあなたを見つめ、揺らぎ、消えた。
The hall goes very quiet. #zh:大厅里一片死寂。 #ja:広間がしんと静まり返る。
A flame that will not choose you is a flame that has seen something. You have until moonrise to bring me a spark of your own, or you leave. #speaker:thorne:angry #task_start:find_pip #zh:不肯选你的火焰，一定看见了什么。月亮升起之前，带一点属于你自己的火星来，否则你就离开。 #ja:お前を選ばぬ炎は、何かを見たのだ。月が昇るまでに自分の火花を持ってこい。できなければ去れ。
* [Bow and promise to try #zh:鞠躬，承诺会努力 #ja:一礼して、やってみると誓う] You bow low. Your cheeks burn, which is the only fire you have. #npc_stat:thorne:experience:+2 #zh:你深深鞠了一躬。你的脸在发烫，这是你身上唯一的火。 #ja:深々と頭を下げる。頬が熱い。今のあなたにある火はそれだけだ。
* [Ask why the flame went out #zh:问火焰为什么熄灭 #ja:なぜ炎が消えたのか尋ねる] Why did it go out? #speaker:player #zh:它为什么会熄灭？ #ja:どうして消えたんですか？
    Thorne's eyes narrow. For a moment she looks almost afraid. Then the look is gone. #portrait:thorne:observe #stat:experience:+5 #zh:索恩眯起眼睛。有一瞬间，她几乎像是害怕了。随即那神色便消失了。 #ja:ソーンの目が細くなる。一瞬、怯えたようにも見えた。だがその表情はすぐに消えた。
- The kitchens are the warmest place in the academy, and the last place anyone would look for magic. #scene:kitchens #zh:厨房是学院里最暖和的地方，也是最不会有人去找魔法的地方。 #ja:厨房は学院でいちばん暖かく、誰も魔法を探しに来ない場所だ。
In the bread oven, something small is snoring. #zh:面包炉里，有个小东西在打呼噜。 #ja:パン窯の中で、小さな何かがいびきをかいている。
Mmm. Five more minutes. Is it breakfast? #speaker:pip:sleep #zh:嗯……再睡五分钟。是早饭吗？ #ja:むにゃ……あと五分。朝ごはん？
* [Offer it a candle stub #zh:递给它一截蜡烛头 #ja:ろうそくの燃えさしを差し出す] The sprite wakes, swallows the candle whole, and glows like a little sun. #portrait:pip:hungry #npc_stat:pip:health:+20 #zh:小精灵醒了，一口吞下整截蜡烛，亮得像个小太阳。 #ja:精は目を覚まし、ろうそくを丸呑みして小さな太陽のように輝いた。
    Best. Candle. Ever. I'm Pip. I'm yours now, probably. #speaker:pip:love #zh:最棒的。蜡烛。没有之一。我叫皮普。我大概是你的了。 #ja:最高の。ろうそく。だった。ぼくピップ。たぶんもうきみのものだよ。
* [Poke it gently #zh:轻轻戳它一下 #ja:そっとつつく] It sneezes. Your eyebrows are briefly on fire. #stat:health:-10 #zh:它打了个喷嚏。你的眉毛着了一下火。 #ja:くしゃみをされた。眉毛が一瞬燃えた。
    Sorry sorry sorry! I'm Pip. You smell like toast. I like you. #speaker:pip:dizzy #zh:对不起对不起对不起！我叫皮普。你闻起来像吐司。我喜欢你。 #ja:ごめんごめんごめん！ぼくピップ。きみトーストの匂いがする。好き。
- Pip settles on your shoulder, warm as a cup of tea. #task_done:find_pip #task_start:speak_word #stat:stars:+1 #zh:皮普停在你的肩膀上，暖得像一杯热茶。 #ja:ピップがあなたの肩に落ち着く。紅茶のカップのように温かい。
To carry me, you have to say the kindling word. It's on the oven door, but the letters got all jumbled when the baker kicked it. #speaker:pip:grin #zh:要想带着我，你得念出引火之词。它刻在炉门上，可面包师踹了一脚，字母全乱了。 #ja:ぼくを運ぶには点火の言葉を唱えなきゃ。窯の扉に書いてあるけど、パン屋さんが蹴ったら文字がばらばらになっちゃった。
You kneel in the flour and read the scrambled letters. #minigame:word:kindling #zh:你跪在面粉里，读着打乱的字母。 #ja:小麦粉の上にひざまずき、乱れた文字を読む。
{ won:
  - The word leaves your mouth as light. Pip blazes up, and for the first time the fire answers you. #task_done:speak_word #stat:magic:+20 #stat:stars:+1 #zh:那个词从你口中化作光芒。皮普猛地燃起，火焰第一次回应了你。 #ja:言葉が光となって口からこぼれる。ピップが燃え上がり、初めて炎があなたに応えた。
  - else: The word comes out wrong, and Pip dims. Then he shrugs and glows anyway, out of stubbornness. #task_done:speak_word #stat:magic:+5 #zh:你念错了，皮普暗了下去。然后它耸耸肩，还是倔强地亮了起来。 #ja:言葉を間違え、ピップが暗くなる。でも肩をすくめて、意地で光ってくれた。
}
On the shelf by the oven, a dusty scroll and a green bottle labelled "for burns". #item_gain:magic_scroll #item_gain:healing_potion #zh:炉边的架子上，放着一卷积满灰尘的卷轴，还有一个标着“烫伤用”的绿瓶子。 #ja:窯のそばの棚に、埃をかぶった巻物と「やけど用」と書かれた緑の瓶。
* [Take them both #zh:两样都拿上 #ja:両方持っていく] You pocket them. An academy kitchen will not miss them. Probably. #zh:你把它们揣进口袋。学院的厨房不会在意少了这些。大概吧。 #ja:ポケットにしまう。学院の厨房が気づくことはない。たぶん。
- You climb the tower stairs as the moon rises. Thorne waits at the top. #scene:great_hall #zh:月亮升起时，你爬上塔楼的楼梯。索恩在顶上等着。 #ja:月が昇るころ、塔の階段を上る。ソーンが頂上で待っていた。
A sprite. A kitchen sprite. #speaker:thorne:observe #zh:一只精灵。一只厨房精灵。 #ja:精か。厨房の精とはな。
She looks at Pip for a long time. Then, very slightly, her mouth moves in what might be a smile. #portrait:thorne:smile #stat:experience:+10 #zh:她盯着皮普看了很久。然后，她的嘴角非常轻微地动了一下，也许是在笑。 #ja:彼女は長いことピップを見つめた。それから、ほんのわずかに口元が動いた。笑みだったのかもしれない。
Tomorrow at dusk, the apprentice duel. Do not embarrass me. #speaker:thorne:normal #chapter_end #zh:明天黄昏，学徒决斗。别给我丢脸。 #ja:明日の黄昏、見習い決闘だ。恥をかかせるなよ。
-> END
