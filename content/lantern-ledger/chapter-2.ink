// The Lantern Ledger — chapter 2: Low Tide
VAR won = false
EXTERNAL has_item(key)

Pier three at two in the morning. The tide is out, and the crane's shadow lies across the mud like a gallows. #scene:docks #task_start:follow_tide #zh:凌晨两点的三号码头。潮水退了，吊车的影子横在泥滩上，像一座绞架。 #ja:午前二時の三番埠頭。潮は引き、クレーンの影が干潟に絞首台のように伸びている。
Moss is already here, wrapped in a blanket, rattling two dice in a tin cup. #portrait:moss:grin #zh:莫斯已经到了，裹着毯子，在铁皮杯里摇着两颗骰子。 #ja:モスはもう来ていて、毛布にくるまり、ブリキのカップで二つのサイコロを鳴らしている。
I know which boat the grey coat took. But a porter's memory is a poor man's memory. Play me for it? #speaker:moss:grin #zh:我知道穿灰大衣的上了哪条船。可门房的记性是穷人的记性。跟我赌一把？ #ja:灰色のコートがどの舟に乗ったか知ってる。でも門番の記憶は貧乏人の記憶でね。賭けで勝ったら教えるよ？
* [Roll the dice with Moss #zh:和莫斯掷骰子 #ja:モスとサイコロを振る] You crouch on the wet planks and take the cup. #minigame:dice:moss_dice #zh:你蹲在湿漉漉的木板上，接过杯子。 #ja:濡れた板の上にしゃがみ、カップを受け取る。
    { won:
      - Fair's fair. The Marigold, the boat with the green lamp. #speaker:moss:laugh #stat:stars:+1 #npc_stat:moss:experience:+5 #zh:愿赌服输。“金盏花号”，挂绿灯的那条船。 #ja:勝負は勝負だ。マリーゴールド号、緑のランプの舟さ。
      - else: Ha! Lucky night. Oh, don't pout. It was the Marigold. The green lamp. #speaker:moss:happy #zh:哈！手气真好。哎，别噘嘴了。是“金盏花号”，挂绿灯的。 #ja:はは！ついてる夜だ。おっと、ふくれるなよ。マリーゴールド号、緑のランプだ。
    }
* [Tell him there is no time for games #zh:告诉他没时间玩 #ja:遊んでいる暇はないと言う] Moss sulks, then points anyway. #portrait:moss:angry #npc_stat:moss:health:-5 #zh:莫斯生了会儿闷气，还是指了指。 #ja:モスはふてくされたが、結局指さした。
    The Marigold. The green lamp. #speaker:moss:angry #zh:“金盏花号”，挂绿灯的。 #ja:マリーゴールド号、緑のランプ。
- A rowing boat bumps against the pilings. Wren steps out of the fog, collar up. #portrait:wren:observe #zh:一条小划艇撞在桩子上。雷恩竖着衣领，从雾中走出来。 #ja:手漕ぎ舟が杭にぶつかった。襟を立てたレンが霧の中から現れる。
The Marigold belongs to Councillor Halloway. He owes the bank more than this pier is worth. #speaker:wren:normal #zh:“金盏花号”属于霍洛威议员。他欠银行的钱，比这座码头还值钱。 #ja:マリーゴールド号はハロウェイ議員の舟だ。あの男の銀行への借金は、この埠頭より高い。
* {has_item("invisibility_cloak")} [Slip aboard unseen #zh:悄悄潜上船 #ja:こっそり舟に乗り込む] -> aboard
* [Climb aboard in plain sight #zh:大大方方地爬上船 #ja:堂々と舟に乗り込む] A deckhand swings a boat hook. You duck, too late. #stat:health:-20 #zh:一个水手挥起船钩。你低头躲闪，慢了一步。 #ja:甲板員が鉤竿を振り回す。身をかがめたが遅かった。
    -> aboard

== aboard ==
In the cabin, a lamp still warm, and an oilcloth bag. Inside it: the harbour ledger, and a dark cloak that seems to drink the light. #item_gain:invisibility_cloak #task_done:follow_tide #stat:experience:+15 #zh:船舱里，一盏灯还有余温，还有一个油布包。里面是港口账簿，和一件仿佛能吞掉光线的黑斗篷。 #ja:船室にはまだ温かいランプと、油布の袋。中には港の帳簿と、光を吸い込むような黒いマントが入っていた。
The last page is torn out. Whoever took the ledger did not want the money. They wanted one entry gone. #speaker:wren:observe #chapter_end #zh:最后一页被撕掉了。拿走账簿的人要的不是钱，而是让某一笔记录消失。 #ja:最後のページが破り取られている。帳簿を奪った者の狙いは金ではない。ある記帳を消すことだったのだ。
-> END
