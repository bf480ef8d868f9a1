// Signal from Kepler Dock — chapter 3: Lullaby
VAR won = false

The ship docks with a long metallic sigh. Frost creeps across the airlock window. #scene:dock #task_start:open_hatch #zh:飞船伴着一声长长的金属叹息完成对接。霜花爬满了气闸的舷窗。 #ja:船は長い金属のため息とともにドッキングした。エアロックの窓に霜が這う。
The hatch asks for the ship's name. The nameplate is scoured by forty years of dust. #portrait:ari:observe #zh:舱门要求输入飞船的名字。铭牌被四十年的尘埃磨得模糊。 #ja:ハッチが船名を求めている。銘板は四十年の塵に削られている。
You wipe the frost and try to read what is left. #minigame:word:callsign #zh:你擦去霜花，试着读出残留的字。 #ja:霜を拭い、残った文字を読もうとする。
{ won:
  - The hatch accepts the name and opens with a hiss. #task_done:open_hatch #stat:stars:+2 #zh:舱门接受了名字，嘶的一声打开了。 #ja:ハッチが名前を受け入れ、しゅっと開いた。
  - else: ARI finds the name in an archive no one has opened in years. The hatch opens. #portrait:ari:smile #task_done:open_hatch #stat:stars:+1 #zh:阿瑞在一个多年无人打开的档案里找到了名字。舱门开了。 #ja:ARIが何年も開かれていない記録から名前を見つけた。ハッチが開く。
}
Inside: no crew. Only the ship's own AI, small and old, humming the lullaby to itself. #zh:里面没有船员。只有飞船自己的人工智能，又小又旧，独自哼着摇篮曲。 #ja:中に乗組員はいない。小さく古い船のAIが、ひとり子守歌を口ずさんでいるだけだ。
They left in the escape pods, years ago, and reached a colony. She left you a message, Juno. She left it with me. #speaker:ari:love #zh:“多年前他们乘逃生舱离开，到达了一个殖民地。她给你留了一条信息，朱诺。她把它留给了我。” #ja:「何年も前に脱出ポッドで去り、植民地にたどり着きました。ジュノ、あなたへの伝言があります。私が預かっていました」
* [Let Juno listen alone #zh:让朱诺一个人听 #ja:ジュノに一人で聞かせる] You step outside and wait. When Juno comes out, she is laughing and crying at once. #portrait:juno:happy #npc_stat:juno:health:+30 #stat:experience:+20 #zh:你走到外面等着。朱诺出来时，又哭又笑。 #ja:外に出て待つ。出てきたジュノは、泣きながら笑っていた。
* [Stay beside her #zh:陪在她身边 #ja:そばにいる] You stay. Juno grips your hand so hard it hurts, and does not let go. #portrait:juno:love #npc_stat:juno:health:+30 #stat:stars:+1 #zh:你留了下来。朱诺紧紧握着你的手，握得你发疼，一直没有松开。 #ja:あなたは残った。ジュノは痛いほど手を握り、離さなかった。
- Later, ARI and the little ship's AI hum the lullaby together, in harmony, all through the station's night. #portrait:ari:sleep #chapter_end #zh:后来，阿瑞和那台小小的飞船人工智能一起哼起摇篮曲，和声回荡了空间站的整个夜晚。 #ja:その夜、ARIと小さな船のAIは声を合わせて子守歌を歌い続けた。ステーションの夜じゅう、ずっと。
-> END
