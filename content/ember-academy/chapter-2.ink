// Ember Academy — chapter 2: Duel at Dusk
VAR won = false

The courtyard at dusk. Apprentices crowd the walls, and the air smells of singed hair and nerves. #scene:courtyard #task_start:win_duel #zh:黄昏时的庭院。学徒们挤在墙边，空气里满是烧焦的头发味和紧张。 #ja:黄昏の中庭。見習いたちが壁際にひしめき、焦げた髪と緊張の匂いが漂う。
Your opponent is not another apprentice. It is Thorne herself. #zh:你的对手不是别的学徒，而是索恩本人。 #ja:相手は他の見習いではない。ソーン本人だ。
In this duel we roll the flame dice. Three sparks wins. Luck is only the part of skill you have not met yet. #speaker:thorne:grin #zh:这场决斗用火焰骰子。先得三点火星者胜。运气，不过是你还没认识的那部分本事。 #ja:この決闘では炎のサイコロを振る。火花三つで勝ちだ。運とは、まだ出会っていない技量の一部にすぎん。
Roll big! Roll huge! Roll like toast! #speaker:pip:laugh #zh:掷大点！掷超大点！像吐司一样掷！ #ja:大きいの出して！でっかいの！トーストみたいに！
You cup the dice. They are warm. #minigame:dice:duel #zh:你握住骰子。它们是温热的。 #ja:サイコロを握る。温かい。
{ won:
  - The last die lands on six. The courtyard erupts. Thorne inclines her head, once. #task_done:win_duel #stat:stars:+2 #npc_stat:thorne:health:-20 #zh:最后一颗骰子停在六点。庭院里一片沸腾。索恩微微低头致意，只一次。 #ja:最後のサイコロが六で止まる。中庭が沸き立つ。ソーンは一度だけ頭を下げた。
  - else: Thorne's last spark lands. You lose, but you lasted longer than anyone this year. #task_done:win_duel #stat:health:-20 #stat:stars:+1 #zh:索恩的最后一点火星落下。你输了，但你撑得比今年任何人都久。 #ja:ソーンの最後の火花が落ちた。負けだ。だが今年の誰よりも長く持ちこたえた。
}
Afterwards, in the empty courtyard, Thorne sits beside you on the cold stones. #portrait:thorne:observe #zh:之后，空荡荡的庭院里，索恩在冰凉的石头上坐到你身边。 #ja:そのあと、誰もいない中庭で、ソーンは冷たい石の上に並んで座った。
Someone broke the warding circle under the library last night. The flame went out because it felt that. Not because of you. #speaker:thorne:normal #stat:experience:+15 #chapter_end #zh:昨晚有人破坏了图书馆下面的守护法阵。火焰熄灭是因为感觉到了这个，不是因为你。 #ja:昨夜、図書館の下の守護の魔法陣を誰かが壊した。炎が消えたのはそれを感じたからだ。お前のせいではない。
-> END
