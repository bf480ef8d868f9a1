// The Lantern Ledger — chapter 1: The Night Porter
VAR won = false
VAR goal_reached = false
EXTERNAL has_item(key)

Rain drums on the glass roof of the Lantern Street Bank. The great clock says a quarter past one. #scene:bank_hall #zh:雨点敲打着灯笼街银行的玻璃屋顶。大钟指向一点一刻。 #ja:ランタン通り銀行のガラス屋根を雨が叩く。大時計は一時十五分を指している。
The vault door stands open, and the shelf where the harbour ledger should be is empty. #zh:金库门敞开着，本该放着港口账簿的架子空空如也。 #ja:金庫の扉は開いたまま。港の帳簿があるはずの棚は空っぽだ。
You were the last clerk to sign the vault book tonight. #speaker:wren:observe #zh:今晚最后一个在金库登记簿上签字的职员是你。 #ja:今夜、金庫の記帳簿に最後に署名した事務員はお前だ。
So. Where is it? #speaker:wren:normal #task_start:find_note #zh:那么，它在哪儿？ #ja:で、どこにある？
* [Tell the truth: you locked it at midnight #zh:说实话：你午夜时锁好了 #ja:正直に話す：零時に鍵をかけた] I locked that door at midnight. I checked it twice. #speaker:player #zh:我午夜时锁上了那扇门，还检查了两遍。 #ja:零時にあの扉は施錠しました。二度確かめています。
    Then someone else has a key. Or you are a very good liar. #speaker:wren:observe #stat:experience:+5 #zh:那就是别人也有钥匙。要不然，你就是个很会撒谎的人。 #ja:なら他の誰かが鍵を持っている。さもなくば、お前は大した嘘つきだ。
* [Point at the porter's empty chair #zh:指向门房空着的椅子 #ja:門番の空いた椅子を指さす] Ask Moss. His chair has been empty for an hour. #speaker:player #zh:问问莫斯吧。他的椅子空了一个小时了。 #ja:モスに聞いてください。一時間も席を外しています。
    Careful. Moss has sat in that chair for thirty years. #speaker:wren:angry #npc_stat:wren:experience:+2 #zh:小心说话。莫斯在那把椅子上坐了三十年。 #ja:口を慎め。モスはあの椅子に三十年座ってきた男だ。
- A door creaks behind the counter. A grey head appears, crumbs on its collar. #portrait:moss:sleep #zh:柜台后面的门吱呀一声。一个白发脑袋探了出来，领口沾着面包屑。 #ja:カウンターの奥で扉が軋んだ。襟にパンくずをつけた白髪頭がのぞく。
Is it morning? I only closed my eyes for a moment. #speaker:moss:dizzy #zh:天亮了吗？我就闭了一会儿眼。 #ja:もう朝かい？ちょっと目をつぶっただけなんだが。
* [Offer Moss your supper roll #zh:把你的晚餐面包分给莫斯 #ja:夜食のパンをモスに分ける] You hold out the bread roll you saved from supper. #zh:你递上晚饭时留下的面包卷。 #ja:夕食から取っておいたパンを差し出す。
    Bless you. I saw a man in a grey coat go up to the manager's office. He dropped this. #speaker:moss:hungry #npc_stat:moss:health:+10 #item_gain:mysterious_key #zh:好孩子。我看见一个穿灰大衣的男人上了经理办公室。他掉了这个。 #ja:ありがたい。灰色のコートの男が支配人室へ上がるのを見たよ。これを落としていった。
    He presses a small brass key into your hand. #zh:他把一把小小的黄铜钥匙塞进你手里。 #ja:彼は小さな真鍮の鍵をあなたの手に押しつけた。
* [Question him like the inspector would #zh:像督察那样盘问他 #ja:警部のように問い詰める] Where were you between one and two, Moss? #speaker:player #zh:莫斯，一点到两点之间你在哪儿？ #ja:モス、一時から二時の間どこにいた？
    In the boiler room, keeping warm! Though I heard footsteps on the stairs. And this fell from the banister. #speaker:moss:angry #item_gain:mysterious_key #stat:health:-5 #zh:在锅炉房取暖！不过我听见楼梯上有脚步声。这东西是从扶手上掉下来的。 #ja:ボイラー室で暖まってたんだ！でも階段で足音を聞いたよ。手すりからこれが落ちてきた。
    He flings a small brass key at you. It catches your knuckle. #zh:他把一把小黄铜钥匙朝你扔过来，砸在你的指节上。 #ja:彼は小さな真鍮の鍵を投げてよこした。指の関節に当たって痛い。
- A key to the manager's desk, by the look of it. #speaker:wren:grin #task_done:find_note #task_start:open_drawer #zh:看样子，是经理办公桌的钥匙。 #ja:見たところ、支配人の机の鍵だな。
-> office

== office ==
The manager's office smells of cigar smoke and wet wool. Someone left in a hurry. #scene:office #zh:经理办公室里弥漫着雪茄烟和湿羊毛的味道。有人匆匆离开了。 #ja:支配人室は葉巻の煙と濡れた羊毛の匂いがした。誰かが慌てて出ていったのだ。
* {has_item("mysterious_key")} [Try the brass key in the desk drawer #zh:用黄铜钥匙开书桌抽屉 #ja:真鍮の鍵で机の引き出しを開ける] The key turns with a soft click. #item_use:mysterious_key #task_done:open_drawer #stat:stars:+1 #stat:experience:+10 #zh:钥匙轻轻咔哒一声转动了。 #ja:鍵はかちりと小さな音を立てて回った。
    Inside: no ledger, but a note torn into four pieces. #zh:抽屉里没有账簿，只有一张被撕成四片的纸条。 #ja:中に帳簿はない。四つに破られたメモがあるだけだ。
* [Force the drawer with a letter opener #zh:用拆信刀撬开抽屉 #ja:ペーパーナイフで引き出しをこじ開ける] The lock gives, and the blade slips across your palm. #stat:health:-15 #task_done:open_drawer #zh:锁被撬开了，刀刃却划过你的手掌。 #ja:錠は外れたが、刃が手のひらを滑った。
    Inside: no ledger, but a note torn into four pieces. #zh:抽屉里没有账簿，只有一张被撕成四片的纸条。 #ja:中に帳簿はない。四つに破られたメモがあるだけだ。
- Wren tosses you a small green bottle. #portrait:wren:smile #item_gain:healing_potion #zh:雷恩扔给你一个绿色小瓶。 #ja:レンが小さな緑の瓶を投げてよこした。
For the hand. Or the nerves. #speaker:wren:smile #zh:治手的。或者治胆子。 #ja:手に使え。それとも度胸にな。
Put the note together. Quickly. #speaker:wren:observe #minigame:puzzle:torn_note #zh:把纸条拼起来。快点。 #ja:メモを繋げろ。急げ。
{ won:
  - "Meet me when the bell strikes two, under the crane at pier three." #stat:stars:+1 #zh:“等到钟敲两下，在三号码头的吊车下见。” #ja:「鐘が二つ鳴ったら、三番埠頭のクレーンの下で会おう」
  - else: The pieces will not fit, but one word is clear: "pier three". #zh:碎片怎么也拼不上，但有一个词很清楚：“三号码头”。 #ja:どうしても合わないが、一語だけははっきり読めた。「三番埠頭」
}
The great clock downstairs begins to strike. One. Two. #scene:bank_hall #zh:楼下的大钟开始敲响。一下。两下。 #ja:階下の大時計が鳴り始めた。ひとつ。ふたつ。
Before you go, Wren wants a word. She has not decided about you yet. #portrait:wren:observe #chat:wren:trust #zh:你走之前，雷恩想和你谈谈。她还没想好该怎么看你。 #ja:出ていく前に、レンが話があると言う。彼女はまだあなたをどう見るか決めかねている。
{ goal_reached:
  - Go. I'll be right behind you. #speaker:wren:smile #stat:stars:+1 #zh:去吧。我就在你身后。 #ja:行け。すぐ後ろにいる。
  - else: Go, then. But I'll be watching you. #speaker:wren:observe #zh:那就去吧。但我会盯着你。 #ja:行け。だが目は離さんぞ。
}
Somewhere out on the water, a ship's bell answers. You run for the docks. #chapter_end #zh:水面上某处，一艘船的钟声回应着。你朝码头跑去。 #ja:どこか海の上で、船の鐘が応えた。あなたは波止場へ走り出す。
-> END
