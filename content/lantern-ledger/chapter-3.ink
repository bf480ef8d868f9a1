// The Lantern Ledger — chapter 3: The Last Entry
VAR won = false

Dawn grey over the rooftops. From up here you can see the councillor's house, and a light burning in its study. #scene:rooftops #task_start:name_thief #zh:屋顶上方泛起黎明的灰白。从这里能看见议员的宅邸，书房里亮着一盏灯。 #ja:屋根の上に夜明けの灰色。ここからは議員の屋敷と、書斎に灯る明かりが見える。
Wren lays the ledger open on a chimney stack and holds the green lamp under the torn edge. #portrait:wren:observe #zh:雷恩把账簿摊在烟囱上，把绿灯凑到撕口下面。 #ja:レンは煙突の上に帳簿を広げ、破れ目の下に緑のランプをかざした。
Lemon juice. Old smugglers' trick. Letters are coming up on the next page, pressed through. #speaker:wren:grin #zh:柠檬汁。老走私贩的把戏。下一页上透出字来了。 #ja:レモン汁だ。古い密輸人の手口さ。次のページに字が浮かんでくる。
The letters swim, scrambled by the heat. Read the name. #minigame:word:culprit #zh:字母在热气中游动、打乱。读出那个名字。 #ja:熱で文字が揺れて入れ替わる。名前を読み取れ。
{ won:
  - Halloway. Signed in his own hand, against a debt he swore he never owed. #portrait:wren:smile #stat:stars:+2 #zh:霍洛威。亲笔签名，为了一笔他发誓从未欠过的债。 #ja:ハロウェイ。本人の筆跡で、借りていないと誓った借金に署名している。
  - else: The heat ruins the page. But Wren saw enough. "Halloway," she says. #portrait:wren:observe #zh:热气毁了那一页。但雷恩看到的已经够了。“霍洛威。”她说。 #ja:熱でページが駄目になった。だがレンには十分だった。「ハロウェイだ」と彼女は言った。
}
Below, the study window opens. Councillor Halloway looks up, straight at you. #zh:下面，书房的窗户打开了。霍洛威议员抬起头，直直地看着你。 #ja:下で書斎の窓が開いた。ハロウェイ議員が顔を上げ、まっすぐこちらを見た。
* [Hand the ledger to Wren #zh:把账簿交给雷恩 #ja:帳簿をレンに渡す] You give her the ledger. She tucks it inside her coat like a child. #task_done:name_thief #stat:experience:+20 #zh:你把账簿交给她。她像抱孩子一样把它塞进大衣里。 #ja:帳簿を渡すと、彼女は子どもを抱くようにコートの内にしまった。
    Good work, clerk. The bank will want you back tomorrow night. So will I. #speaker:wren:happy #npc_stat:wren:experience:+10 #zh:干得好，职员。银行明晚还要你来上班。我也是。 #ja:よくやった、事務員。銀行は明日の夜もお前を必要とするだろう。私もな。
* [Shout his name across the rooftops #zh:隔着屋顶大喊他的名字 #ja:屋根越しに彼の名を叫ぶ] HALLOWAY! The whole street wakes. Windows bang open, dogs bark. #task_done:name_thief #stat:stars:+1 #zh:“霍洛威！”整条街都醒了。窗户砰砰打开，狗在叫。 #ja:「ハロウェイ！」通りじゅうが目を覚ました。窓が開き、犬が吠える。
    Well. Nobody can say they did not hear it. #speaker:wren:laugh #zh:好吧。这下谁也没法说自己没听见了。 #ja:まあな。これで聞いていないとは誰にも言えん。
- Moss waves from the street below, a fresh loaf under his arm. Somewhere, the bank's great clock strikes six. #portrait:moss:happy #chapter_end #zh:莫斯在下面的街上挥手，胳膊底下夹着一条新出炉的面包。远处，银行的大钟敲了六下。 #ja:下の通りでモスが手を振る。脇には焼きたてのパン。どこかで銀行の大時計が六時を打った。
-> END
