// Signal from Kepler Dock — chapter 2: Cold Start
VAR won = false

The docking ring has been cold for a decade. Waking it means waking the whole station's power grid in the right order, or blowing every fuse on Kepler Dock. #scene:dock #task_start:reroute #zh:对接环已经冷寂了十年。要唤醒它，就得按正确的顺序唤醒整个空间站的电网，否则开普勒船坞的保险丝会全部烧断。 #ja:ドッキングリングは十年間冷えきっていた。起こすには、ステーション全体の電力網を正しい順に目覚めさせねばならない。さもなくば全部のヒューズが飛ぶ。
I can hold the station steady, but my hands are only software. Yours are real. #speaker:ari:normal #zh:我能稳住空间站，但我的手只是软件。你的手是真的。 #ja:ステーションは私が安定させます。でも私の手はソフトウェアです。あなたの手は本物です。
The breaker room runs at four hundred volts. There is an arc-rated vest in the maintenance locker. Please wear it. #speaker:ari:observe #item_gain:enhanced_armor #zh:断路器室里是四百伏的电压。维修柜里有一件防电弧背心。请穿上它。 #ja:ブレーカー室は四百ボルトです。整備ロッカーに耐アーク仕様のベストがあります。着てください。
* [Put on the vest #zh:穿上背心 #ja:ベストを着る] It smells of old sweat and ozone, and it is heavier than it looks. #item_use:enhanced_armor #zh:它有一股陈年的汗味和臭氧味，比看上去沉。 #ja:古い汗とオゾンの匂いがして、見た目より重い。
    Thank you. I only have the one engineer. #speaker:ari:happy #zh:谢谢你。我只有你这一个工程师。 #ja:ありがとう。私の技師さんは、あなた一人だけですから。
* [No time, open the panel #zh:没时间了，打开面板 #ja:時間がない、パネルを開ける] You tuck the vest under your arm. ARI says nothing, very loudly. #zh:你把背心往胳膊底下一夹。阿瑞什么也没说，沉默得震耳欲聋。 #ja:ベストを脇に抱える。ARIは何も言わない。その沈黙がやけにうるさい。
- You open the breaker panel. #minigame:puzzle:power #zh:你打开断路器面板。 #ja:ブレーカーパネルを開ける。
{ won:
  - Lights ripple along the ring, one segment at a time, like a held breath let go. #task_done:reroute #stat:stars:+1 #stat:experience:+15 #zh:灯光沿着对接环一段一段亮起，像憋着的一口气终于吐了出来。 #ja:リングに沿って光がひと区画ずつ灯っていく。止めていた息を吐くように。
  - else: Sparks, a smell of ozone, and a burn across your wrist. The ring lights anyway, on the second try. #task_done:reroute #stat:health:-25 #zh:火花，臭氧味，手腕上一道烫伤。第二次尝试时，对接环还是亮了。 #ja:火花とオゾンの匂い、手首に火傷。それでも二度目でリングは灯った。
}
Juno is at the viewport. Out in the dark, a ship's running lights blink on, forty years late. #portrait:juno:observe #zh:朱诺站在舷窗边。外面的黑暗里，一艘船的航行灯亮了，晚了四十年。 #ja:ジュノが展望窓の前にいる。闇の向こうで、船の航行灯が四十年遅れで点いた。
If she's on it, I don't know what I'll say. If she isn't, I don't know what I'll do. #speaker:juno:normal #npc_stat:juno:health:-10 #chapter_end #zh:“如果她在船上，我不知道该说什么。如果她不在，我不知道该怎么办。” #ja:「母が乗ってたら、何て言えばいいか分からない。乗ってなかったら、どうすればいいか分からない」
-> END
