// Second Chance Café — chapter 2: Storm Warning
VAR won = false

Day twelve. The storm arrives at four, and the roof starts to sing in six different places. #scene:cafe #task_start:rainy_night #zh:第十二天。暴风雨在四点到来，屋顶有六个地方开始“唱歌”。 #ja:十二日目。嵐は四時に来た。屋根の六か所が歌い出す。
Mina runs in soaked, carrying two cake tins. #portrait:mina:laugh #zh:米娜浑身湿透地跑进来，抱着两个蛋糕模。 #ja:ずぶ濡れのミナがケーキ型を二つ抱えて駆け込んできた。
Bake-off! Whoever rolls higher picks what we sell tonight. Loser mops. #speaker:mina:laugh #zh:烘焙大赛！谁掷的点大，谁决定今晚卖什么。输的拖地。 #ja:ベイクオフ！大きい目を出した方が今夜のメニューを決める。負けたらモップ係。
You take the dice from the sugar bowl. #minigame:dice:bake_off #zh:你从糖罐里拿出骰子。 #ja:砂糖壺からサイコロを取り出す。
{ won:
  - Your lemon cake wins. The storm drives half the street in, and every slice sells. #stat:stars:+1 #stat:experience:+10 #zh:你的柠檬蛋糕赢了。暴风雨把半条街的人都赶了进来，每一块都卖光了。 #ja:あなたのレモンケーキの勝ち。嵐で商店街の半分が駆け込み、全部売れた。
  - else: Mina's chocolate loaf wins, and you mop. It sells out anyway. #portrait:mina:grin #stat:experience:+5 #zh:米娜的巧克力面包赢了，你去拖地。不过还是卖光了。 #ja:ミナのチョコパウンドの勝ち。あなたはモップ係。それでも完売した。
}
At nine, Theo arrives, soaked to the skin, with a roll of roofing tape and a very bad ladder. #portrait:theo:smile #zh:九点，西奥来了，浑身湿透，带着一卷防水胶带和一架很破的梯子。 #ja:九時、テオがずぶ濡れでやって来た。防水テープ一巻と、ひどくぼろい梯子を持って。
* [Hold the ladder for him #zh:帮他扶梯子 #ja:梯子を支える] You hold the ladder. He patches four leaks, then slips on the fifth and lands on you. Neither of you moves for a moment. #portrait:theo:love #npc_stat:theo:experience:+10 #stat:health:-5 #task_done:rainy_night #zh:你扶着梯子。他补好了四处漏洞，在第五处滑了下来，正好落在你身上。有一会儿，你们谁都没动。 #ja:梯子を支える。彼は四か所をふさぎ、五か所目で足を滑らせてあなたの上に落ちた。しばらく、二人とも動かなかった。
* [Climb up yourself #zh:自己爬上去 #ja:自分で登る] You climb up. He holds the ladder and talks to you the whole time, about roofs, and rain, and the building he always wanted to make. #stat:health:-10 #npc_stat:theo:health:+10 #task_done:rainy_night #zh:你爬了上去。他扶着梯子，一直和你说话，说屋顶，说雨，说他一直想盖的那栋房子。 #ja:あなたが登る。彼は梯子を支えながらずっと話していた。屋根のこと、雨のこと、ずっと建てたかった建物のこと。
- The roof holds. The lights stay on. At midnight, Theo takes a folded letter out of his coat and leaves it on the counter, unopened. #chapter_end #zh:屋顶撑住了。灯一直亮着。午夜时，西奥从大衣里拿出一封折好的信，放在柜台上，没有拆开。 #ja:屋根はもった。明かりも消えなかった。真夜中、テオはコートから折りたたんだ手紙を出し、開けないままカウンターに置いた。
-> END
