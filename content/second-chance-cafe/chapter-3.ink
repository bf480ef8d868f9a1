// Second Chance Café — chapter 3: Closing Time
VAR won = false

Day thirty. The letter is an offer from the developer, signed by Theo's boss, with Theo's drawings attached. #scene:rooftop #task_start:last_day #zh:第三十天。那封信是开发商的报价，由西奥的老板签字，附着西奥的画。 #ja:三十日目。手紙は開発会社からの買収提案だった。テオの上司の署名と、テオの図面が添えられている。
But the drawings are not of towers. They are of this café, repaired, with the whole street around it. #zh:但画上不是高楼，而是这家咖啡馆，修好了，整条街都在它周围。 #ja:けれど図面に描かれているのは高層ビルではない。修繕されたこのカフェと、それを囲む商店街だ。
I quit this morning. I told them the only thing worth building here is already built. #speaker:theo:normal #zh:我今早辞职了。我告诉他们，这里唯一值得建的东西，早就建好了。 #ja:今朝、辞めてきた。ここで建てる価値があるものは、もう建っているって言ったんだ。
Mina bursts through the door. #portrait:mina:laugh #zh:米娜冲进门来。 #ja:ミナが扉から飛び込んできた。
The numbers! You made it. Barely. But you made it! #speaker:mina:laugh #stat:stars:+1 #zh:账算出来了！你做到了。差一点点。但你做到了！ #ja:数字出た！やったよ。ぎりぎりだけど、やった！
There's one thing left. The old sign over the door has lost its letters. Grandmother's word for this place. #speaker:theo:smile #zh:“还剩一件事。门上的旧招牌掉了字母。那是外婆给这个地方起的词。” #ja:「あとひとつ。扉の上の古い看板、文字が取れちゃってる。おばあさんがこの店を呼んでいた言葉だ」
You sort the fallen letters on the counter. #minigame:word:sign #zh:你在柜台上整理掉落的字母。 #ja:落ちた文字をカウンターに並べる。
{ won:
  - You put the word back where it belongs. #task_done:last_day #stat:stars:+2 #zh:你把那个词放回了它该在的地方。 #ja:その言葉を、あるべき場所に戻した。
  - else: Mina remembers it before you do, and you put it up together. #portrait:mina:happy #task_done:last_day #stat:stars:+1 #zh:米娜比你先想起来，你们一起把它挂了上去。 #ja:ミナが先に思い出し、二人で掲げた。
}
* [Ask Theo to stay for dinner #zh:请西奥留下吃晚饭 #ja:テオを夕食に誘う] Stay for dinner? There are, as usual, forty croissants. #speaker:player #zh:留下吃晚饭吧？和往常一样，有四十个可颂。 #ja:夕食、食べていかない？いつもどおり、クロワッサンが四十個あるの。
    I'd like that. I'd like that every day, if that's allowed. #speaker:theo:love #npc_stat:theo:health:+20 #stat:experience:+20 #zh:我很乐意。如果可以的话，我想每天都这样。 #ja:喜んで。許されるなら、毎日でも。
* [Give him a key to the café #zh:给他一把咖啡馆的钥匙 #ja:カフェの鍵を渡す] You press a spare key into his hand. #zh:你把一把备用钥匙塞进他手里。 #ja:合鍵を彼の手に押しつける。
    For the drawer. For when you need it. #speaker:player #zh:给抽屉用的。等你需要的时候。 #ja:引き出し用。必要になったときに。
    He understands exactly what it means, and kisses you over the counter. #portrait:theo:kiss #npc_stat:theo:experience:+20 #stat:stars:+1 #zh:他完全明白这是什么意思，隔着柜台吻了你。 #ja:彼はその意味をちゃんと分かって、カウンター越しにキスをした。
- Outside, the sign glows in the dusk. Mina is crying into a croissant. Your grandmother would have liked this ending. #portrait:mina:love #chapter_end #zh:门外，招牌在暮色里发光。米娜对着一个可颂哭。外婆会喜欢这个结局的。 #ja:外では看板が夕闇に灯っている。ミナはクロワッサンに顔をうずめて泣いている。祖母もきっと、この結末を気に入っただろう。
-> END
