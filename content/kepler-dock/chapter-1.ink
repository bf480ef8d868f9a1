// Signal from Kepler Dock — chapter 1: Dead Air
VAR won = false
VAR goal_reached = false

Kepler Dock, 03:10 station time. Four hundred people asleep, and you, and the hum of the air scrubbers. #scene:control #zh:开普勒船坞，空间站时间03:10。四百个人在沉睡，还有你，和空气净化器的嗡嗡声。 #ja:ケプラー・ドック、ステーション時刻03:10。眠る四百人と、あなたと、空気浄化装置の唸り。
Engineer? I am sorry to wake you. Something is calling the station, and it is using a voice I have not heard since I was installed. #speaker:ari:observe #zh:工程师？抱歉吵醒你。有东西在呼叫空间站，用的是我自安装以来就没听过的声音。 #ja:技師さん？起こしてすみません。何かがステーションを呼んでいます。私が設置されて以来、聞いたことのない声で。
On the screen, a ship's registry tag blinks: LOST, forty years ago. #task_start:answer_ship #zh:屏幕上，一个飞船登记标识在闪烁：四十年前，失踪。 #ja:画面で船舶登録タグが点滅している。四十年前、消息不明。
* [Ask ARI to play the signal #zh:让阿瑞播放信号 #ja:ARIに信号を再生させる] The speakers crackle. Under the static, someone is humming a lullaby. #stat:experience:+5 #zh:扬声器噼啪作响。杂音之下，有人在哼一首摇篮曲。 #ja:スピーカーがぱちぱち鳴る。雑音の下で、誰かが子守歌を口ずさんでいる。
    I know this song. I do not know how I know it. #speaker:ari:dizzy #npc_stat:ari:magic:-10 #zh:我知道这首歌。可我不知道自己为什么会知道。 #ja:この歌を知っています。なぜ知っているのか、分かりません。
* [Check the logs first #zh:先查日志 #ja:まずログを確認する] The logs show the signal began a week ago, very faint, and ARI never reported it. #stat:experience:+5 #zh:日志显示信号一周前就开始了，非常微弱，而阿瑞从未报告过。 #ja:ログによると信号は一週間前から、ごく微弱に始まっていた。ARIは報告していない。
    I wanted to be sure it was real. I did not want to be a machine that hears things. #speaker:ari:sleep #zh:我想确定它是真的。我不想成为一台会幻听的机器。 #ja:本物だと確かめたかったんです。幻を聞く機械にはなりたくなかった。
- To answer, you need a stronger antenna coil. The only spare on the station belongs to the cargo pilot in the observation lounge. #zh:要回应，你需要更强的天线线圈。空间站上唯一的备用件，属于观景休息室里那个货运飞行员。 #ja:応答するにはもっと強いアンテナコイルが要る。ステーションにある予備は、展望ラウンジの貨物パイロットのものだけだ。
Captain Juno is awake too, feet on a table, rolling dice against herself. #scene:observation #task_start:win_part #zh:朱诺舰长也醒着，双脚搭在桌上，自己跟自己掷骰子。 #ja:ジュノ船長も起きていた。テーブルに足をのせ、一人でサイコロを振っている。
My coil? That coil is my ticket home. But I'm a sporting woman. Beat me at dice and it's yours. #speaker:juno:grin #zh:我的线圈？那是我回家的船票。不过我这人讲究公平。掷骰子赢了我，它就归你。 #ja:私のコイル？あれは帰りの切符だよ。でも私は勝負好きでね。サイコロで勝ったらくれてやる。
* [Tell her about the ship #zh:告诉她那艘船的事 #ja:船のことを話す] You tell her the ship's name. The grin drops off her face. #portrait:juno:observe #zh:你告诉她飞船的名字。她脸上的笑容消失了。 #ja:船の名を告げると、彼女の笑みが消えた。
    My mother flew on that ship. Roll anyway. I need to know luck is still on our side. #speaker:juno:normal #npc_stat:juno:experience:+5 #zh:我母亲就在那艘船上。还是掷吧。我得知道好运还站在我们这边。 #ja:母があの船に乗っていた。それでも振りな。運がまだこっちにあるか知りたいんだ。
* [Just take the dice #zh:直接拿起骰子 #ja:黙ってサイコロを取る] She laughs and slides the cup across the table. #portrait:juno:laugh #zh:她笑了，把杯子推过桌面。 #ja:彼女は笑ってカップをテーブルの向こうから滑らせた。
- The dice rattle in zero-g cups, magnetised so they fall true. #minigame:dice:cards #zh:骰子在零重力杯里哗哗作响，被磁化过，落下时不会作弊。 #ja:無重力用のカップでサイコロが鳴る。磁化されていて、正しく落ちる。
{ won:
  - Juno whistles and hands over the coil. Fair's fair. #task_done:win_part #stat:stars:+1 #zh:朱诺吹了声口哨，把线圈递过来。愿赌服输。 #ja:ジュノが口笛を吹いてコイルを渡す。勝負は勝負だ。
  - else: Juno wins, then hands you the coil anyway. #portrait:juno:smile #task_done:win_part #zh:朱诺赢了，却还是把线圈给了你。 #ja:ジュノが勝った。それでもコイルを渡してくれた。
    Go on. Tell her I'm listening. #speaker:juno:smile #zh:去吧。告诉她我在听。 #ja:行きな。私が聞いてるって伝えて。
}
She also tosses you a medkit ampoule. #portrait:juno:grin #item_gain:healing_potion #zh:她还扔给你一支医疗安瓿。 #ja:医療アンプルも投げてよこした。
You look like you haven't slept in a year. #speaker:juno:grin #zh:你看起来像一年没睡觉了。 #ja:一年寝てないみたいな顔してるよ。
Back in control, you splice in the coil. ARI is quiet for a long time. #scene:control #zh:回到控制室，你接上线圈。阿瑞沉默了很久。 #ja:管制室に戻り、コイルをつなぐ。ARIは長いこと黙っていた。
Engineer, before we answer, may I tell you something? #speaker:ari:observe #chat:ari:song #zh:工程师，在回应之前，我可以告诉你一件事吗？ #ja:技師さん、応答する前に、ひとつ話してもいいですか？
{ goal_reached:
  - The song came from the ship. It has been singing to ARI for a week, and ARI has been singing back. #portrait:ari:love #stat:stars:+1 #zh:那首歌来自那艘船。它给阿瑞唱了一个星期，而阿瑞也一直在回唱。 #ja:歌は船から来ていた。一週間ARIに歌いかけ、ARIも歌い返していたのだ。
  - else: Never mind. It can wait. Please, answer them. #speaker:ari:smile #zh:没关系，可以等等再说。请回应他们吧。 #ja:いえ、後でいいです。どうか応答してください。
}
You key the microphone. #zh:你按下麦克风。 #ja:マイクを入れる。
This is Kepler Dock. We hear you. #speaker:player #task_done:answer_ship #stat:experience:+10 #zh:这里是开普勒船坞。我们听到你们了。 #ja:こちらケプラー・ドック。聞こえている。
The humming stops. Then a voice, very old and very clear: Permission to come home? #chapter_end #zh:哼唱停了。接着，一个非常苍老又非常清晰的声音说：“请求回家？” #ja:歌が止んだ。そして、とても古く、とても澄んだ声。「帰港の許可を？」
-> END
