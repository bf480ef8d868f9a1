// Ember Academy — chapter 3: The Broken Circle
VAR won = false
VAR goal_reached = false
EXTERNAL has_item(key)

Under the library, the air is cold enough to see your breath. The warding circle is cracked across like a dropped plate. #scene:kitchens #task_start:mend_circle #zh:图书馆地下，冷得能看见自己的呼气。守护法阵裂开了，像一只摔破的盘子。 #ja:図書館の地下は息が白くなるほど寒い。守護の魔法陣が、落とした皿のようにひび割れている。
I'm cold. I'm so cold. Hold me closer? #speaker:pip:sleep #npc_stat:pip:health:-15 #zh:好冷。好冷啊。抱紧我一点？ #ja:さむい。すごくさむい。もっとぎゅってして？
* {has_item("magic_scroll")} [Read the old scroll aloud #zh:大声念出那卷旧卷轴 #ja:古い巻物を読み上げる] The scroll's words warm the room by a few degrees. Pip stops shivering. #item_use:magic_scroll #npc_stat:pip:health:+15 #stat:magic:+10 #zh:卷轴上的字让房间暖和了几度。皮普不再发抖了。 #ja:巻物の言葉が部屋をいくらか温める。ピップの震えが止まった。
* [Tuck Pip inside your collar #zh:把皮普塞进衣领里 #ja:ピップを襟の中に入れる] He curls against your neck, a warm coal. It will have to do. #zh:它蜷在你的脖子边，像一块温热的煤。只能这样了。 #ja:ピップは首元で丸くなる。温かい炭のように。これで何とかするしかない。
- Thorne kneels by the crack. #portrait:thorne:observe #zh:索恩跪在裂缝旁。 #ja:ソーンが亀裂のそばに膝をつく。
To mend it, the runes must be traced in the order of the flame. I cannot do it. My hands remember too much. #speaker:thorne:observe #zh:要修复它，必须按火焰的顺序描出符文。我做不到。我的手记得太多了。 #ja:直すには炎の順にルーンをなぞらねばならない。私には無理だ。この手は覚えすぎている。
You trace the runes. #minigame:puzzle:circle #zh:你描画符文。 #ja:ルーンをなぞる。
{ won:
  - The circle flares gold and seals. Somewhere above, every candle in the Great Hall relights at once. #task_done:mend_circle #stat:stars:+2 #stat:experience:+25 #zh:法阵闪耀金光，合拢了。上方某处，大厅里所有的蜡烛同时重新燃起。 #ja:魔法陣が金色に輝き、閉じた。頭上のどこかで、大広間のろうそくがいっせいに灯る。
  - else: The circle sputters. Thorne puts her hands over yours and traces it with you. It seals. #task_done:mend_circle #stat:stars:+1 #stat:experience:+15 #zh:法阵噼啪作响。索恩把手覆在你的手上，和你一起描画。法阵合拢了。 #ja:魔法陣がはじける。ソーンがあなたの手に手を重ね、一緒になぞった。閉じた。
}
You have a question for her, and this might be the only time she answers. #portrait:thorne:normal #chat:thorne:secret #zh:你有个问题想问她，而这也许是她唯一会回答的时候。 #ja:彼女に聞きたいことがある。答えてくれるのは今だけかもしれない。
{ goal_reached:
  - She tells you about the night her own flame went out. You listen until the candles burn low. #portrait:thorne:smile #stat:stars:+1 #zh:她告诉你，她自己的火焰熄灭的那一夜。你一直听到蜡烛燃尽。 #ja:彼女は自分の炎が消えた夜のことを話してくれた。ろうそくが短くなるまで、あなたは聞いていた。
  - else: She stands and brushes off her robe. #portrait:thorne:observe #zh:她站起身，拍了拍长袍。 #ja:彼女は立ち上がり、ローブの埃を払う。
    Another time, apprentice. #speaker:thorne:observe #zh:下次吧，学徒。 #ja:またいつかな、見習い。
}
Pip yawns a tiny plume of smoke. #portrait:pip:sleep #zh:皮普打了个哈欠，吐出一小缕烟。 #ja:ピップがあくびをして、小さな煙を吐いた。
Can we get toast now? #speaker:pip:happy #chapter_end #zh:现在可以去吃吐司了吗？ #ja:トースト食べに行っていい？
-> END
