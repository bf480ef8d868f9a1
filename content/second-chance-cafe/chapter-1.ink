// Second Chance Café — chapter 1: The Usual
VAR won = false
VAR goal_reached = false
EXTERNAL has_item(key)

The café smells of dust and old coffee. Your grandmother's apron still hangs by the door. #scene:cafe #task_start:open_cafe #zh:咖啡馆里弥漫着灰尘和陈年咖啡的味道。外婆的围裙还挂在门边。 #ja:カフェは埃と古いコーヒーの匂いがする。祖母のエプロンがまだ扉のそばに掛かっている。
Thirty days, the lawyer said. Make it pay in thirty days, or the building goes to the developer. #zh:律师说，三十天。三十天内让它赚钱，否则这栋楼就归开发商了。 #ja:三十日、と弁護士は言った。三十日で黒字にしなければ、建物は開発会社のものになる。
The bell over the door jingles. Mina backs in with a tray piled high. #portrait:mina:happy #zh:门上的铃铛响了。米娜端着堆得高高的托盘倒着走了进来。 #ja:扉の鈴が鳴る。ミナが山盛りのトレイを抱えて背中から入ってきた。
I brought croissants. Don't ask why there are forty. I was worried. #speaker:mina:grin #zh:我带了可颂。别问为什么有四十个。我担心你嘛。 #ja:クロワッサン持ってきた。なんで四十個かは聞かないで。心配だったの。
* [Hug her #zh:抱住她 #ja:抱きしめる] You hug her, tray and all. Flakes of pastry go everywhere. #portrait:mina:laugh #npc_stat:mina:health:+10 #zh:你连人带托盘一起抱住了她。酥皮碎屑飞得到处都是。 #ja:トレイごと抱きしめる。パイ生地のかけらがあちこちに散った。
* [Ask if she thinks you can do this #zh:问她觉得你能不能做到 #ja:できると思うか聞く] Do you think I can actually do this? #speaker:player #zh:你觉得我真的能做到吗？ #ja:本当にできると思う？
    I think your grandmother left it to you and not to me for a reason. Also, I'd burn the place down. #speaker:mina:smile #stat:experience:+5 #zh:我觉得外婆把它留给你而不是我，是有原因的。而且，我会把这儿烧了的。 #ja:おばあちゃんが私じゃなくてあなたに遺したのには理由があると思う。それに、私がやったら店が燃える。
- Behind the counter, in the old tea tin, you find a small brass key and a note in grandmother's handwriting: For the drawer. For when you need it. #item_gain:mysterious_key #zh:柜台后面的旧茶罐里，你找到一把小黄铜钥匙，还有一张外婆手写的纸条：给抽屉用的。等你需要的时候。 #ja:カウンターの奥、古い茶缶の中に小さな真鍮の鍵と、祖母の字のメモ。「引き出し用。必要になったときに」
* {has_item("mysterious_key")} [Open the locked drawer now #zh:现在就打开上锁的抽屉 #ja:今すぐ鍵のかかった引き出しを開ける] Inside: a recipe card, shuffled and stained, and a bottle of grandmother's chamomile tonic. #item_use:mysterious_key #item_gain:healing_potion #stat:stars:+1 #zh:抽屉里有一张被打乱、沾了污渍的配方卡，还有一瓶外婆的洋甘菊补剂。 #ja:中には、順番がばらばらで染みのついたレシピカードと、祖母のカモミールの強壮薬が一本。
* [Save it for later #zh:留着以后再开 #ja:あとで開けることにする] You put the key in your apron pocket. It feels heavier than it should. #zh:你把钥匙放进围裙口袋。它比看上去更沉。 #ja:鍵をエプロンのポケットにしまう。見た目より重く感じる。
- You flip the sign to OPEN. The first customer walks in before you have even turned around. #task_done:open_cafe #stat:experience:+10 #zh:你把牌子翻到“营业中”。你还没转过身，第一位客人就走了进来。 #ja:札を「営業中」に返す。振り向く前に、最初の客が入ってきた。
Tall, rain on his glasses, a sketchbook under his arm. He looks at the empty chair by the window as if it has been waiting for him. #portrait:theo:observe #zh:高个子，眼镜上沾着雨水，胳膊下夹着速写本。他看着窗边那把空椅子，好像它一直在等他。 #ja:背が高く、眼鏡に雨粒、脇にスケッチブック。窓辺の空いた椅子を、待っていてくれたかのように見つめている。
Oh. You're not Mrs. Hale. I'm sorry, I... the usual? If the usual still exists. #speaker:theo:dizzy #task_start:perfect_latte #zh:哦。你不是黑尔太太。抱歉，我……老样子？如果老样子还在的话。 #ja:あ。ヘイルさんじゃないんですね。すみません、その……いつもので？いつものがまだあれば。
Mina mouths at you over his shoulder: oat latte, heart on top. #portrait:mina:grin #zh:米娜在他身后用口型告诉你：燕麦拿铁，上面拉个爱心。 #ja:ミナが彼の肩越しに口の形で伝える。オーツラテ、上にハート。
You look at grandmother's recipe card, the steps all out of order. #minigame:puzzle:latte #zh:你看着外婆的配方卡，步骤全乱了。 #ja:祖母のレシピカードを見る。手順がばらばらだ。
{ won:
  - The heart comes out perfect. Theo stares at it, then at you. #task_done:perfect_latte #stat:stars:+1 #npc_stat:theo:experience:+10 #zh:爱心拉得完美。西奥盯着它看，又看看你。 #ja:ハートは完璧。テオはそれを見つめ、それからあなたを見た。
  - else: The heart looks more like a potato. Theo smiles anyway. #task_done:perfect_latte #zh:爱心看起来更像个土豆。西奥还是笑了。 #ja:ハートというよりジャガイモだ。それでもテオは笑った。
}
It tastes exactly like hers. How did you know? #speaker:theo:happy #zh:和她做的味道一模一样。你怎么知道的？ #ja:あの人のと同じ味だ。どうして分かったの？
* [Tell him about the recipe card #zh:告诉他配方卡的事 #ja:レシピカードのことを話す] She left me her recipes. And, apparently, her regulars. #speaker:player #zh:她把配方留给了我。看来，还有她的常客。 #ja:レシピを遺してくれたんです。どうやら常連さんも。
    Theo laughs, a real laugh, surprised out of him. #portrait:theo:laugh #npc_stat:theo:health:+10 #zh:西奥笑了，是真正的笑，像是不小心笑出来的。 #ja:テオが笑った。思わずこぼれた、本当の笑いだった。
* [Just smile and say it's a secret #zh:只是笑笑，说这是秘密 #ja:微笑んで秘密だと言う] A secret. Like what's in your sketchbook. #speaker:player #zh:秘密。就像你速写本里的东西。 #ja:秘密です。あなたのスケッチブックの中身みたいに。
    He goes pink to the ears, and hugs the sketchbook closer. #portrait:theo:kiss #npc_stat:theo:experience:+5 #zh:他一直红到耳根，把速写本抱得更紧了。 #ja:彼は耳まで赤くなり、スケッチブックを抱きしめた。
- He sits by the window and draws until closing. When he leaves, he forgets a page on the table: the café, drawn with a new roof, and a light in every window. #zh:他坐在窗边一直画到打烊。他走的时候，在桌上忘了一页纸：画的是这家咖啡馆，换了新屋顶，每扇窗都亮着灯。 #ja:彼は閉店まで窓辺で描いていた。帰ったあと、テーブルに一枚忘れていた。新しい屋根のこのカフェ。どの窓にも明かりが灯っている。
He's nice. Suspiciously nice. Who sketches a building like they're trying to save it? #speaker:mina:observe #chat:theo:truth #zh:他人不错。好得有点可疑。谁会那样画一栋楼，好像想救它似的？ #ja:いい人だね。怪しいくらいに。救おうとしてるみたいに建物を描く人なんている？
{ goal_reached:
  - You know his secret now. It should make you angry. Somehow it doesn't. #portrait:mina:normal #stat:stars:+1 #zh:现在你知道他的秘密了。你本该生气的。不知为何，你没有。 #ja:彼の秘密を知った。怒るべきなのに、なぜか怒れない。
  - else: You fold the drawing carefully and put it under the till. #zh:你小心地把画折好，放在收银机下面。 #ja:絵を丁寧にたたんで、レジの下にしまう。
}
Day one: eleven customers, forty croissants, one drawing. Twenty-nine days to go. #chapter_end #zh:第一天：十一位客人，四十个可颂，一幅画。还剩二十九天。 #ja:一日目。客は十一人、クロワッサン四十個、絵が一枚。残り二十九日。
-> END
