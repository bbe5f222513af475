<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AboutDialog</name>
    <message>
        <source>About Flitscope</source>
        <translation>Über Flitscope</translation>
    </message>
    <message>
        <source>Flitscope %1</source>
        <translation>Flitscope %1</translation>
    </message>
    <message>
        <source>A simulator and 3D visualizer of supercomputer interconnection networks: the Cray T3E torus, the Cray XT SeaStar, the torus routing chip and the MIT Transit fat-tree.</source>
        <translation>Ein Simulator und 3D-Betrachter für Verbindungsnetze von Supercomputern: der Torus des Cray T3E, der Cray XT SeaStar, der Torus Routing Chip und der Fat-Tree des MIT Transit.</translation>
    </message>
    <message>
        <source>Scenario format version %1, recording format version %2.</source>
        <translation>Szenarioformat Version %1, Aufzeichnungsformat Version %2.</translation>
    </message>
    <message>
        <source>What it does comes from:</source>
        <translation>Was es tut, stammt aus:</translation>
    </message>
</context>
<context>
    <name>AgeGroupChart</name>
    <message>
        <source>Ages of heads sent (%), last %1 cycles</source>
        <translation>Alter gesendeter Köpfe (%), letzte %1 Takte</translation>
    </message>
    <message>
        <source>Ages of heads sent (%)</source>
        <translation>Alter gesendeter Köpfe (%)</translation>
    </message>
    <message>
        <source>age group (from)</source>
        <translation>Altersgruppe (ab)</translation>
    </message>
    <message>
        <source>heads</source>
        <translation>Köpfe</translation>
    </message>
    <message>
        <source>No ages under this arbiter: %1</source>
        <translation>Kein Alter unter diesem Arbiter: %1</translation>
    </message>
</context>
<context>
    <name>AgePalette</name>
    <message>
        <source>age 0-63</source>
        <translation>Alter 0-63</translation>
    </message>
    <message>
        <source>age 64-127</source>
        <translation>Alter 64-127</translation>
    </message>
    <message>
        <source>age 128-191</source>
        <translation>Alter 128-191</translation>
    </message>
    <message>
        <source>age 192-255</source>
        <translation>Alter 192-255</translation>
    </message>
</context>
<context>
    <name>AppInfo</name>
    <message>
        <source>Scott &amp; Thorson, &quot;The Cray T3E Network: Adaptive Routing in a High Performance 3D Torus&quot; (1996): the torus, direction-order and adaptive routing, VCs, datelines, barriers, hot spares</source>
        <translation>Scott &amp; Thorson, &quot;The Cray T3E Network: Adaptive Routing in a High Performance 3D Torus&quot; (1996): der Torus, Routing in Richtungsordnung und adaptives Routing, VCs, Datelines, Barrieren, Hot Spares</translation>
    </message>
    <message>
        <source>Cray, &quot;T3E Interconnect Network Operations&quot; manual HMM-160-0 (1996): routing tags, lookup tables, PE numbers</source>
        <translation>Cray, Handbuch &quot;T3E Interconnect Network Operations&quot; HMM-160-0 (1996): Routing-Tags, Nachschlagetabellen, PE-Nummern</translation>
    </message>
    <message>
        <source>Abts &amp; Weisser, &quot;Age-Based Packet Arbitration in Large-Radix k-ary n-cubes&quot; (SC&apos;07): the Cray XT SeaStar and its age arbiter</source>
        <translation>Abts &amp; Weisser, &quot;Age-Based Packet Arbitration in Large-Radix k-ary n-cubes&quot; (SC&apos;07): der Cray XT SeaStar und sein Alters-Arbiter</translation>
    </message>
    <message>
        <source>Dally &amp; Seitz, &quot;The Torus Routing Chip&quot; (1986): virtual channels, the channel dependency graph, deadlock</source>
        <translation>Dally &amp; Seitz, &quot;The Torus Routing Chip&quot; (1986): virtuelle Kanäle, der Kanalabhängigkeitsgraph, Verklemmung</translation>
    </message>
    <message>
        <source>DeHon, &quot;Practical Schemes for Fat-Tree Network Construction&quot;: the MIT Transit fat-tree and its RN1 routers</source>
        <translation>DeHon, &quot;Practical Schemes for Fat-Tree Network Construction&quot;: der Fat-Tree des MIT Transit und seine RN1-Router</translation>
    </message>
</context>
<context>
    <name>Arbiters</name>
    <message>
        <source>Round robin</source>
        <translation>Reihum (Round Robin)</translation>
    </message>
    <message>
        <source>T3E (keeps a grant per packet)</source>
        <translation>T3E (Zuteilung bleibt je Paket)</translation>
    </message>
    <message>
        <source>Age (Cray XT SeaStar)</source>
        <translation>Alter (Cray XT SeaStar)</translation>
    </message>
    <message>
        <source>This machine has an adaptive virtual channel; the age arbiter serves dimension-order VCs only (XT paper section 2)</source>
        <translation>Diese Maschine hat einen adaptiven virtuellen Kanal; der Alters-Arbiter bedient nur VCs in Dimensionsordnung (XT-Artikel, Abschnitt 2)</translation>
    </message>
</context>
<context>
    <name>ArbitrationPanel</name>
    <message>
        <source>Arbiter</source>
        <translation>Arbiter</translation>
    </message>
    <message>
        <source>Which packet wins an output, switched live. Age: the oldest packet wins (XT paper section 2), so far sources get their share of a shared link; round robin favours the nearest ones.</source>
        <translation>Welches Paket einen Ausgang gewinnt, live umgeschaltet. Alter: das älteste Paket gewinnt (XT-Artikel Abschnitt 2), so erhalten ferne Quellen ihren Anteil an einer gemeinsamen Verbindung; Round Robin bevorzugt die nächsten.</translation>
    </message>
    <message>
        <source>Age clock period</source>
        <translation>Periode der Altersuhr</translation>
    </message>
    <message>
        <source>AGE_CLK_PERIOD: cycles per tick of each router&apos;s age clock. Shorter: waiting counts for more against the per-hop bias (used by the age arbiter).</source>
        <translation>AGE_CLK_PERIOD: Takte je Schritt der Altersuhr jedes Routers. Kürzer: Warten zählt mehr gegenüber dem Zuschlag je Sprung (für den Alters-Arbiter).</translation>
    </message>
    <message>
        <source>Age bias per hop (0 to 7)</source>
        <translation>Alterszuschlag je Sprung (0 bis 7)</translation>
    </message>
    <message>
        <source>request</source>
        <translation>Anfrage</translation>
    </message>
    <message>
        <source>REQ_AGE_BIAS of the %1 ports (both directions): added to a request packet&apos;s age when it arrives on them</source>
        <translation>REQ_AGE_BIAS der %1-Ports (beide Richtungen): wird zum Alter eines Anfragepakets addiert, wenn es dort ankommt</translation>
    </message>
    <message>
        <source>response</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>RSP_AGE_BIAS of the %1 ports (both directions): added to a response packet&apos;s age when it arrives on them</source>
        <translation>RSP_AGE_BIAS der %1-Ports (beide Richtungen): wird zum Alter eines Antwortpakets addiert, wenn es dort ankommt</translation>
    </message>
    <message>
        <source>The age clock and biases appear when the arbiter is Age.</source>
        <translation>Alterstakt und Gewichte erscheinen, wenn der Arbiter Alter ist.</translation>
    </message>
    <message>
        <source>Request age bias %1</source>
        <translation>Anfrage-Altersbonus %1</translation>
    </message>
    <message>
        <source>Response age bias %1</source>
        <translation>Antwort-Altersbonus %1</translation>
    </message>
</context>
<context>
    <name>ChartsPanel</name>
    <message>
        <source>Export chart data</source>
        <translation>Diagrammdaten exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Save the window as PNG</source>
        <translation>Fenster als PNG speichern</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <source>%1 intervals, cycles %2 to %3</source>
        <translation>%1 Intervalle, Takte %2 bis %3</translation>
    </message>
    <message>
        <source>PNG</source>
        <translation>PNG</translation>
    </message>
    <message>
        <source>Save a picture of the whole window as a PNG file</source>
        <translation>Ein Bild des ganzen Fensters als PNG-Datei speichern</translation>
    </message>
    <message>
        <source>Latency (cycles)</source>
        <translation>Latenz (Takte)</translation>
    </message>
    <message>
        <source>cycle</source>
        <translation>Takt</translation>
    </message>
    <message>
        <source>mean per interval</source>
        <translation>Mittel je Intervall</translation>
    </message>
    <message>
        <source>max per interval</source>
        <translation>Maximum je Intervall</translation>
    </message>
    <message>
        <source>Throughput (flits/node/cycle)</source>
        <translation>Durchsatz (Flits/Knoten/Takt)</translation>
    </message>
    <message>
        <source>offered</source>
        <translation>angeboten</translation>
    </message>
    <message>
        <source>accepted</source>
        <translation>angenommen</translation>
    </message>
    <message>
        <source>Latency histogram (since reset)</source>
        <translation>Latenzhistogramm (seit dem Zurücksetzen)</translation>
    </message>
    <message>
        <source>latency (cycles)</source>
        <translation>Latenz (Takte)</translation>
    </message>
    <message>
        <source>packets</source>
        <translation>Pakete</translation>
    </message>
    <message>
        <source>Barrier latency (cycles)</source>
        <translation>Barrierenlatenz (Takte)</translation>
    </message>
    <message>
        <source>completion cycle</source>
        <translation>Abschlusstakt</translation>
    </message>
    <message>
        <source>each completed barrier</source>
        <translation>jede abgeschlossene Barriere</translation>
    </message>
    <message>
        <source>barrier</source>
        <translation>Barriere</translation>
    </message>
    <message>
        <source>No barrier completed yet: run one from the Synchronization panel (%1)</source>
        <translation>Noch keine Barriere abgeschlossen: starten Sie eine im Bereich Synchronisation (%1)</translation>
    </message>
    <message>
        <source>Throughput (bytes/endpoint/cycle)</source>
        <translation>Durchsatz (Bytes/Endpunkt/Takt)</translation>
    </message>
    <message>
        <source>Circuits per interval</source>
        <translation>Durchschaltungen je Intervall</translation>
    </message>
    <message>
        <source>first-attempt success (%)</source>
        <translation>Erfolg im ersten Versuch (%)</translation>
    </message>
    <message>
        <source>attempts per message</source>
        <translation>Versuche je Nachricht</translation>
    </message>
    <message>
        <source>1 interval, cycles %2 to %3</source>
        <translation>1 Intervall, Takte %2 bis %3</translation>
    </message>
    <message>
        <source>Chart data saved to %1</source>
        <translation>Diagrammdaten gespeichert in %1</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Picture saved to %1</source>
        <translation>Bild gespeichert in %1</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>VC occupancy</source>
        <translation>VC-Belegung</translation>
    </message>
    <message>
        <source>Latency histogram</source>
        <translation>Latenzhistogramm</translation>
    </message>
    <message>
        <source>Throughput per source</source>
        <translation>Durchsatz je Quelle</translation>
    </message>
    <message>
        <source>Ages of packets</source>
        <translation>Alter der Pakete</translation>
    </message>
    <message>
        <source>Barrier latency</source>
        <translation>Barrierenlatenz</translation>
    </message>
    <message>
        <source>Circuits</source>
        <translation>Durchschaltungen</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>Lastreihe</translation>
    </message>
    <message>
        <source>The chart presenter mode shows</source>
        <translation>Das Diagramm, das der Präsentationsmodus zeigt</translation>
    </message>
    <message>
        <source>Latency (ns)</source>
        <translation>Latenz (ns)</translation>
    </message>
    <message>
        <source>Throughput (MB/s per endpoint)</source>
        <translation>Durchsatz (MB/s je Endpunkt)</translation>
    </message>
    <message>
        <source>Throughput (MB/s per node)</source>
        <translation>Durchsatz (MB/s je Knoten)</translation>
    </message>
    <message>
        <source>Barrier latency (ns)</source>
        <translation>Barrierenlatenz (ns)</translation>
    </message>
    <message>
        <source>latency (ns)</source>
        <translation>Latenz (ns)</translation>
    </message>
</context>
<context>
    <name>CircuitHud</name>
    <message>
        <source>Circuits</source>
        <translation>Durchschaltungen</translation>
    </message>
    <message>
        <source>in the network now</source>
        <translation>jetzt im Netz</translation>
    </message>
    <message>
        <source>senders backing off</source>
        <translation>Sender in Wartezeit</translation>
    </message>
    <message>
        <source>retries started</source>
        <translation>Wiederholungen begonnen</translation>
    </message>
    <message>
        <source>discarded: busy / fault</source>
        <translation>verworfen: belegt / Ausfall</translation>
    </message>
    <message>
        <source>delivered / given up</source>
        <translation>zugestellt / aufgegeben</translation>
    </message>
    <message>
        <source>first-attempt success</source>
        <translation>Erfolg im ersten Versuch</translation>
    </message>
    <message>
        <source>attempts per message</source>
        <translation>Versuche je Nachricht</translation>
    </message>
    <message>
        <source>a channel a circuit holds</source>
        <translation>ein Kanal, den eine Verbindung hält</translation>
    </message>
    <message>
        <source>discarded here: both outputs busy</source>
        <translation>hier verworfen: beide Ausgänge belegt</translation>
    </message>
    <message>
        <source>lost here: a failed RN1 or channel</source>
        <translation>hier verloren: ein ausgefallener RN1 oder Kanal</translation>
    </message>
    <message>
        <source>Show the circuit counters</source>
        <translation>Die Zähler der Durchschaltungen zeigen</translation>
    </message>
    <message>
        <source>Fold the circuit counters to this line</source>
        <translation>Die Zähler der Durchschaltungen auf diese Zeile falten</translation>
    </message>
</context>
<context>
    <name>CircuitPortsPanel</name>
    <message>
        <source>Ports at cycle %1</source>
        <translation>Ports in Takt %1</translation>
    </message>
    <message>
        <source>%1 [failed]</source>
        <translation>%1 [ausgefallen]</translation>
    </message>
    <message>
        <source>%1
held: %2</source>
        <translation>%1
gehalten: %2</translation>
    </message>
</context>
<context>
    <name>ControlsBar</name>
    <message>
        <source>as fast as possible</source>
        <translation>so schnell wie möglich</translation>
    </message>
    <message>
        <source>%1 cycles/s</source>
        <translation>%1 Takte/s</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Pause the simulation (Space)</source>
        <translation>Die Simulation anhalten (Leertaste)</translation>
    </message>
    <message>
        <source>Run the simulation at the chosen speed (Space)</source>
        <translation>Die Simulation mit der gewählten Geschwindigkeit laufen lassen (Leertaste)</translation>
    </message>
    <message>
        <source>Step 1</source>
        <translation>1 Schritt</translation>
    </message>
    <message>
        <source>Advance one router cycle, then pause (N)</source>
        <translation>Einen Routertakt weiter, dann anhalten (N)</translation>
    </message>
    <message>
        <source>10</source>
        <translation>10</translation>
    </message>
    <message>
        <source>Advance 10 cycles, then pause (Shift+N)</source>
        <translation>10 Takte weiter, dann anhalten (Umschalt+N)</translation>
    </message>
    <message>
        <source>100</source>
        <translation>100</translation>
    </message>
    <message>
        <source>Advance 100 cycles, then pause (Ctrl+N)</source>
        <translation>100 Takte weiter, dann anhalten (Strg+N)</translation>
    </message>
    <message>
        <source>cycle</source>
        <translation>Takt</translation>
    </message>
    <message>
        <source>Cycle to run to; press Enter or Run to</source>
        <translation>Zieltakt; Eingabetaste oder „Laufen bis“ drücken</translation>
    </message>
    <message>
        <source>Run to</source>
        <translation>Laufen bis</translation>
    </message>
    <message>
        <source>Run until the simulation reaches the cycle entered on the left, then pause</source>
        <translation>Laufen, bis die Simulation den links eingegebenen Takt erreicht, dann anhalten</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Geschwindigkeit</translation>
    </message>
    <message>
        <source>Simulation speed: %1. From 1 cycle per second (teaching) to as fast as possible ([ slower, ] faster)</source>
        <translation>Simulationsgeschwindigkeit: %1. Von 1 Takt pro Sekunde (Unterricht) bis so schnell wie möglich ([ langsamer, ] schneller)</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>Back to cycle 0 of the scenario, paused; the charts start over (Ctrl+R)</source>
        <translation>Zurück zu Takt 0 des Szenarios, angehalten; die Diagramme beginnen neu (Strg+R)</translation>
    </message>
    <message>
        <source>cycle %1</source>
        <translation>Takt %1</translation>
    </message>
    <message>
        <source>Router clock cycles simulated since the last reset</source>
        <translation>Seit dem letzten Zurücksetzen simulierte Routertakte</translation>
    </message>
    <message>
        <source>%1 cycles/s, %2 frames/s</source>
        <translation>%1 Takte/s, %2 Bilder/s</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>angehalten</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>Diagramme</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>Last</translation>
    </message>
    <message>
        <source>Uniform random</source>
        <translation>Gleichverteilt zufällig</translation>
    </message>
    <message>
        <source>Transpose</source>
        <translation>Transponiert</translation>
    </message>
    <message>
        <source>Bit complement</source>
        <translation>Bitkomplement</translation>
    </message>
    <message>
        <source>Bit reversal</source>
        <translation>Bitumkehr</translation>
    </message>
    <message>
        <source>Tornado</source>
        <translation>Tornado</translation>
    </message>
    <message>
        <source>Nearest neighbour</source>
        <translation>Nächster Nachbar</translation>
    </message>
    <message>
        <source>Hot spot</source>
        <translation>Hotspot</translation>
    </message>
    <message>
        <source>All to one</source>
        <translation>Alle an einen</translation>
    </message>
    <message>
        <source>Traffic pattern of the generator, changed live</source>
        <translation>Verkehrsmuster des Generators, live geändert</translation>
    </message>
    <message>
        <source>Adaptive</source>
        <translation>Adaptiv</translation>
    </message>
    <message>
        <source>Adaptive routing on the adaptive virtual channel (T3E), switched live</source>
        <translation>Adaptives Routing auf dem adaptiven virtuellen Kanal (T3E), live geschaltet</translation>
    </message>
    <message>
        <source>Rebuilding routes around the change…</source>
        <translation>Routen werden um die Änderung herum neu aufgebaut …</translation>
    </message>
    <message>
        <source>Show or hide the live charts: latency, throughput, VC occupancy, latency histogram, throughput per source, ages of packets (Ctrl+G)</source>
        <translation>Live-Diagramme ein- oder ausblenden: Latenz, Durchsatz, VC-Belegung, Latenzhistogramm, Durchsatz je Quelle, Paketalter (Strg+G)</translation>
    </message>
    <message>
        <source>Shift</source>
        <translation>Verschiebung</translation>
    </message>
    <message>
        <source>This machine cannot route adaptively: it has no adaptive virtual channel, does not route by direction order, or its router is not the speculative one</source>
        <translation>Diese Maschine kann nicht adaptiv routen: Sie hat keinen adaptiven virtuellen Kanal, routet nicht in Richtungsordnung, oder ihr Router ist nicht der spekulative</translation>
    </message>
    <message>
        <source>Run to: &quot;%1&quot; is not a cycle number (0 to 999999999999)</source>
        <translation>Laufen bis: Laufen bis: &quot;%1&quot; ist keine Zyklusnummer (0 bis 999999999999)quot;%1Laufen bis: &quot;%1&quot; ist keine Zyklusnummer (0 bis 999999999999)quot; ist keine Taktnummer (0 bis 999999999999)</translation>
    </message>
    <message numerus="yes">
        <source>%n out of order</source>
        <translation>
            <numerusform>%n nicht in Reihenfolge</numerusform>
            <numerusform>%n nicht in Reihenfolge</numerusform>
        </translation>
    </message>
    <message>
        <source>Packets delivered after a later packet of the same source and destination, since the reset. Adaptive routing lets a packet pass another (T3E paper section 5); ordered requests never do.</source>
        <translation>Pakete, die nach einem später erzeugten Paket derselben Quelle und desselben Ziels ankamen, seit dem Zurücksetzen. Adaptives Routing lässt ein Paket ein anderes überholen (T3E-Artikel Abschnitt 5); geordnete Anfragen nie.</translation>
    </message>
    <message>
        <source>cycle %1 (%2 µs)</source>
        <translation>Takt %1 (%2 µs)</translation>
    </message>
    <message>
        <source>%1 cycles/s on %3 threads, %2 frames/s</source>
        <translation>%1 Takte/s auf %3 Threads, %2 Bilder/s</translation>
    </message>
</context>
<context>
    <name>DeadlockInstancing</name>
    <message>
        <source>packet %1, VC%2</source>
        <translation>Paket %1, VC%2</translation>
    </message>
</context>
<context>
    <name>DeadlockLab</name>
    <message>
        <source>VC rule %1</source>
        <translation>VC-Regel %1</translation>
    </message>
    <message>
        <source>The scenario&apos;s VC tables</source>
        <translation>Die VC-Tabellen des Szenarios</translation>
    </message>
    <message>
        <source>The scenario&apos;s own datelines and VC tables.</source>
        <translation>Die eigenen Datelines und VC-Tabellen des Szenarios.</translation>
    </message>
    <message>
        <source>Time of crossing (T3E)</source>
        <translation>Zeitpunkt des Überquerens (T3E)</translation>
    </message>
    <message>
        <source>Datelines: every route starts on VC0 and moves to VC1 through its ring&apos;s dateline node (T3E section 3.2).</source>
        <translation>Datelines: jede Route beginnt auf VC0 und wechselt am Dateline-Knoten ihres Rings auf VC1 (T3E Abschnitt 3.2).</translation>
    </message>
    <message>
        <source>No dateline switch</source>
        <translation>Kein Wechsel an der Dateline</translation>
    </message>
    <message>
        <source>The scenario&apos;s VC tables without datelines: a route never changes VC within a dimension.</source>
        <translation>Die VC-Tabellen des Szenarios ohne Datelines: eine Route wechselt innerhalb einer Dimension nie den VC.</translation>
    </message>
    <message>
        <source>Torus routing chip (start on VC1)</source>
        <translation>Torus Routing Chip (Beginn auf VC1)</translation>
    </message>
    <message>
        <source>The torus routing chip&apos;s rule: start each dimension on VC1, move to VC0 after crossing address 0 (Dally &amp; Seitz section 4).</source>
        <translation>Die Regel des Torus Routing Chip: jede Dimension auf VC1 beginnen, nach dem Überqueren der Adresse 0 auf VC0 wechseln (Dally &amp; Seitz Abschnitt 4).</translation>
    </message>
    <message>
        <source>One VC per channel (Figure 1)</source>
        <translation>Ein VC je Kanal (Abbildung 1)</translation>
    </message>
    <message>
        <source>One VC: every hop on VC0, so a ring&apos;s channels depend on each other in a cycle (Dally &amp; Seitz Figure 1).</source>
        <translation>Ein VC: jeder Schritt auf VC0, so hängen die Kanäle eines Rings zyklisch voneinander ab (Dally &amp; Seitz Abbildung 1).</translation>
    </message>
    <message>
        <source>By wraparound (BookSim2)</source>
        <translation>Nach Ringschluss (BookSim2)</translation>
    </message>
    <message>
        <source>BookSim2&apos;s torus rule: VC1 for the whole dimension when the route will cross the wraparound channel, else VC0; no switch on the way.</source>
        <translation>Die Torus-Regel von BookSim2: VC1 für die ganze Dimension, wenn die Route den Ringschluss-Kanal überquert, sonst VC0; kein Wechsel unterwegs.</translation>
    </message>
    <message>
        <source>Any VC (BookSim2 mesh)</source>
        <translation>Beliebiger VC (BookSim2-Gitter)</translation>
    </message>
    <message>
        <source>BookSim2&apos;s mesh rule: any VC of the packet&apos;s class on every hop, no datelines (for meshes: on a ring the routes wait on each other in a cycle).</source>
        <translation>Die Gitter-Regel von BookSim2: jeder VC der Klasse des Pakets auf jedem Schritt, keine Datelines (für Gitter: auf einem Ring warten die Routen im Kreis aufeinander).</translation>
    </message>
</context>
<context>
    <name>DeadlockLabPanel</name>
    <message>
        <source>Deadlock lab</source>
        <translation>Deadlock-Labor</translation>
    </message>
    <message>
        <source>Theorem 1 (Dally &amp; Seitz): deterministic routes are deadlock-free if and only if their channel dependency graph has no cycle. Run the traffic and watch; switch the VC rule and watch again.</source>
        <translation>Satz 1 (Dally &amp; Seitz): deterministische Routen sind genau dann verklemmungsfrei, wenn ihr Kanalabhängigkeitsgraph keinen Zyklus hat. Den Verkehr laufen lassen und zusehen; die VC-Regel umschalten und wieder zusehen.</translation>
    </message>
    <message>
        <source>VC rule</source>
        <translation>VC-Regel</translation>
    </message>
    <message>
        <source>How a route picks its virtual channel on a ring (routing.vcRule). A switch is an intervention: recorded, undone with Edit &gt; Undo; packets in flight keep the VC they hold.</source>
        <translation>Wie eine Route auf einem Ring ihren virtuellen Kanal wählt (routing.vcRule). Ein Umschalten ist ein Eingriff: aufgezeichnet, mit Bearbeiten &gt; Rückgängig zurückgenommen; Pakete unterwegs behalten ihren VC.</translation>
    </message>
    <message>
        <source>Rules greyed out need more VCs than this router has.</source>
        <translation>Ausgegraute Regeln brauchen mehr VCs, als dieser Router hat.</translation>
    </message>
    <message>
        <source>Channel dependency graph</source>
        <translation>Kanalabhängigkeitsgraph</translation>
    </message>
    <message>
        <source>Checking the routes in force...</source>
        <translation>Die geltenden Routen werden geprüft...</translation>
    </message>
    <message>
        <source>acyclic: the routes in force cannot deadlock</source>
        <translation>azyklisch: die geltenden Routen können sich nicht verklemmen</translation>
    </message>
    <message>
        <source>cycle of %1 channel VCs: these routes can deadlock</source>
        <translation>Zyklus aus %1 Kanal-VCs: diese Routen können sich verklemmen</translation>
    </message>
    <message>
        <source>The graph has %1 channel VCs with a dependency, too many to draw (at most %2); the check above covers all of them.</source>
        <translation>Der Graph hat %1 Kanal-VCs mit einer Abhängigkeit, zu viele zum Zeichnen (höchstens %2); die Prüfung oben umfasst alle.</translation>
    </message>
    <message>
        <source>%1 routes traced at cycle %2; %3 channel VCs with a dependency, %4 dependencies.</source>
        <translation>%1 Routen verfolgt in Takt %2; %3 Kanal-VCs mit einer Abhängigkeit, %4 Abhängigkeiten.</translation>
    </message>
    <message>
        <source>%1 routes do not deliver.</source>
        <translation>%1 Routen kommen nicht an.</translation>
    </message>
    <message>
        <source>Deadlock</source>
        <translation>Verklemmung</translation>
    </message>
    <message>
        <source>The watchdog stopped the run at cycle %1: %2 waiting VC buffers, each waiting for the next (packets %3). The 3D view and the slice show the cycle.</source>
        <translation>Der Watchdog hat den Lauf in Takt %1 angehalten: %2 wartende VC-Puffer, jeder wartet auf den nächsten (Pakete %3). Die 3D-Ansicht und der Schnitt zeigen den Zyklus.</translation>
    </message>
    <message>
        <source>None: packets are moving (the watchdog stops the run when no flit moves for router.watchdogCycles cycles).</source>
        <translation>Keine: Pakete bewegen sich (der Watchdog hält den Lauf an, wenn sich router.watchdogCycles Takte lang kein Flit bewegt).</translation>
    </message>
    <message>
        <source>Reset to cycle 0</source>
        <translation>Auf Takt 0 zurücksetzen</translation>
    </message>
    <message>
        <source>Start the same traffic again from cycle 0 with the VC rule now in force (a switch does not free the packets already stuck)</source>
        <translation>Denselben Verkehr ab Takt 0 mit der jetzt geltenden VC-Regel neu starten (ein Umschalten befreit die schon festsitzenden Pakete nicht)</translation>
    </message>
    <message>
        <source>Reset and run</source>
        <translation>Zurücksetzen und starten</translation>
    </message>
    <message>
        <source>As the paper&apos;s Figures 1 (b) and 2 (b): each channel VC a dot on its VC&apos;s circle (VC0 inside, light blue; VC1 outside, deep blue: the colours of their packets in the 3D view), each arrow a route holding one channel and asking for the next; the cycle in red.</source>
        <translation>Wie die Abbildungen 1 (b) und 2 (b) des Artikels: jeder Kanal-VC ein Punkt auf dem Kreis seines VC (VC0 innen, hellblau; VC1 außen, dunkelblau: die Farben ihrer Pakete in der 3D-Ansicht), jeder Pfeil eine Route, die einen Kanal hält und den nächsten anfordert; der Zyklus in Rot.</translation>
    </message>
</context>
<context>
    <name>FamilyView</name>
    <message>
        <source>Show the whole network flat beside the view: its stages in rows, the circuits held now (S)</source>
        <translation>Das ganze Netz flach neben der Ansicht zeigen: seine Stufen in Zeilen, die gerade gehaltenen Verbindungen (S)</translation>
    </message>
    <message>
        <source>to the next stage: blue  from the last stage to an endpoint: green</source>
        <translation>zur nächsten Stufe: blau  von der letzten Stufe zu einem Endpunkt: grün</translation>
    </message>
    <message>
        <source>Drag: orbit. Wheel: zoom. With Break channels on (X): click a channel to break or repair it. Right-click an RN1: fail or repair it; an endpoint: follow its message. Double-click a node: centre it.</source>
        <translation>Ziehen: drehen. Mausrad: zoomen. Im Trennmodus (X): Klick auf einen Kanal trennt oder repariert ihn. Rechtsklick auf einen RN1: ausfallen lassen oder reparieren; auf einen Endpunkt: seine Nachricht verfolgen. Doppelklick auf einen Knoten: zentrieren.</translation>
    </message>
</context>
<context>
    <name>FatTreeFamilyView</name>
    <message>
        <source>RN1s + endpoints</source>
        <translation>RN1s + Endpunkte</translation>
    </message>
    <message>
        <source>Channels</source>
        <translation>Kanäle</translation>
    </message>
    <message>
        <source>Failed RN1s</source>
        <translation>Ausgefallene RN1</translation>
    </message>
    <message>
        <source>Failed channels</source>
        <translation>Ausgefallene Kanäle</translation>
    </message>
    <message>
        <source>%1 (%2 whole unit trees)</source>
        <translation>%1 (%2 ganze Unit Trees)</translation>
    </message>
    <message>
        <source>%1 RN1s and endpoints, %2 channels, %3 failed</source>
        <translation>%1 RN1s und Endpunkte, %2 Kanäle, %3 ausgefallen</translation>
    </message>
    <message>
        <source>%1 messages/idle endpoint/cycle</source>
        <translation>%1 Nachrichten/freier Endpunkt/Takt</translation>
    </message>
    <message>
        <source>Offered load, changed live: the chance per cycle that an idle endpoint gets a new message (%1)</source>
        <translation>Angebotene Last, live geändert: die Wahrscheinlichkeit je Takt, dass ein freier Endpunkt eine neue Nachricht bekommt (%1)</translation>
    </message>
    <message>
        <source>Break channels</source>
        <translation>Kanäle trennen</translation>
    </message>
    <message>
        <source>Break mode: a click on a channel breaks or repairs it. X or Esc leaves it.</source>
        <translation>Trennmodus: ein Klick auf einen Kanal trennt oder repariert ihn. X oder Esc verlässt ihn.</translation>
    </message>
    <message>
        <source>Map</source>
        <translation>Karte</translation>
    </message>
    <message>
        <source>Show the whole tree flat beside the view: its levels in rows, the circuits held now (S)</source>
        <translation>Den ganzen Baum flach neben der Ansicht zeigen: seine Ebenen in Reihen, die jetzt gehaltenen Verbindungen (S)</translation>
    </message>
    <message>
        <source>2D map</source>
        <translation>2D-Karte</translation>
    </message>
    <message>
        <source>The connections through the RN1 or endpoint clicked last, live</source>
        <translation>Die Verbindungen durch den zuletzt angeklickten RN1 oder Endpunkt, live</translation>
    </message>
    <message>
        <source>Writes the circuit events of these cycles (messages, attempts, hops with RN1 and channel, discards with their reason, arrivals, statuses, deliveries, messages given up) and the changes made as Chrome/Perfetto trace-event JSON, one track per endpoint. The run is simulated again from cycle 0 in the background.</source>
        <translation>Schreibt die Verbindungsereignisse dieser Takte (Nachrichten, Versuche, Sprünge mit RN1 und Kanal, Verwerfungen mit ihrem Grund, Ankünfte, Rückmeldungen, Zustellungen, aufgegebene Nachrichten) und die vorgenommenen Änderungen als Chrome/Perfetto-Trace-Event-JSON, eine Spur je Endpunkt. Der Lauf wird dafür im Hintergrund ab Takt 0 erneut simuliert.</translation>
    </message>
    <message>
        <source>up the tree: blue  down: green  lateral: olive</source>
        <translation>zur Wurzel: blau  abwärts: grün  seitlich: oliv</translation>
    </message>
    <message>
        <source>Drag: orbit. Wheel: zoom. With Break channels on (X): click a channel to break or repair it. Click a collapsed unit tree: expand it. Right-click an RN1: fail or repair it, collapse or fail its unit tree; an endpoint: follow its message. Double-click a node: centre it.</source>
        <translation>Ziehen: drehen. Mausrad: zoomen. Im Trennmodus (X): Klick auf einen Kanal trennt oder repariert ihn. Klick auf einen zugeklappten Unit Tree: aufklappen. Rechtsklick auf einen RN1: ausfallen lassen oder reparieren, seinen Unit Tree zuklappen oder ausfallen lassen; auf einen Endpunkt: seine Nachricht verfolgen. Doppelklick auf einen Knoten: zentrieren.</translation>
    </message>
    <message>
        <source>Drag to orbit, wheel to zoom, double-click a node to centre it, right-click an endpoint to follow its message; Break channels (X) makes a click break or repair a channel.</source>
        <translation>Ziehen dreht, das Mausrad zoomt, ein Doppelklick zentriert einen Knoten, ein Rechtsklick auf einen Endpunkt verfolgt seine Nachricht; im Trennmodus (X) trennt oder repariert ein Klick einen Kanal.</translation>
    </message>
    <message>
        <source>RN1 router (unit tree layers) or endpoint (the bottom row)</source>
        <translation>RN1-Router (Lagen der Unit Trees) oder Endpunkt (unterste Reihe)</translation>
    </message>
    <message>
        <source>Large: a unit tree collapsed into one shape; click it to expand into its RN1s (View menu: all)</source>
        <translation>Groß: ein zu einer Form zugeklappter Unit Tree; Klick klappt ihn in seine RN1 auf (Menü Ansicht: alle)</translation>
    </message>
    <message>
        <source>Channel up the tree</source>
        <translation>Kanal zur Wurzel</translation>
    </message>
    <message>
        <source>Channel down the tree</source>
        <translation>Kanal zu den Blättern</translation>
    </message>
    <message>
        <source>Lateral crossover within a layer</source>
        <translation>Seitliche Querverbindung in einer Lage</translation>
    </message>
    <message>
        <source>Circuit: three marks on every channel a connection holds, from the moment its head takes it until the sender learns the status</source>
        <translation>Verbindung: drei Marken auf jedem Kanal, den eine Verbindung hält, vom Moment, in dem ihr Kopf ihn nimmt, bis der Sender den Status erfährt</translation>
    </message>
    <message>
        <source>the circuit of endpoint %1&apos;s message</source>
        <translation>die Verbindung der Nachricht von Endpunkt %1</translation>
    </message>
</context>
<context>
    <name>FatTreeMapPanel</name>
    <message>
        <source>Map</source>
        <translation>Karte</translation>
    </message>
    <message>
        <source>Zoom in (or turn the mouse wheel over the map)</source>
        <translation>Vergrößern (oder das Mausrad über der Karte drehen)</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>Verkleinern</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <source>Show the whole network</source>
        <translation>Das ganze Netz zeigen</translation>
    </message>
    <message>
        <source>x%1</source>
        <translation>x%1</translation>
    </message>
    <message>
        <source>%1 channels held by circuits now (magenta); rings: transmissions discarded in the last cycles (white: outputs busy, red: a fault).</source>
        <translation>%1 Kanäle jetzt von Verbindungen belegt (magenta); Ringe: in den letzten Zyklen verworfene Übertragungen (weiß: Ausgänge belegt, rot: ein Fehler).</translation>
    </message>
    <message>
        <source>%1 RN1s and endpoints, %2 channels (%3).</source>
        <translation>%1 RN1 und Endpunkte, %2 Kanäle (%3).</translation>
    </message>
</context>
<context>
    <name>FlatBideltaView</name>
    <message>
        <source>RN1 router (one layer per stage, the first lowest) or endpoint (the bottom row)</source>
        <translation>RN1-Router (eine Ebene je Stufe, die erste unten) oder Endpunkt (die unterste Reihe)</translation>
    </message>
    <message>
        <source>Channel into the next stage</source>
        <translation>Kanal in die nächste Stufe</translation>
    </message>
    <message>
        <source>Channel from the last stage to an endpoint</source>
        <translation>Kanal von der letzten Stufe zu einem Endpunkt</translation>
    </message>
    <message>
        <source>Circuit: three marks on every channel a connection holds, from the moment its head takes it until the sender learns the status</source>
        <translation>Verbindung: drei Marken auf jedem Kanal, den eine Verbindung hält, vom Moment, in dem ihr Kopf ihn nimmt, bis der Sender den Status erfährt</translation>
    </message>
    <message>
        <source>flat bidelta network, %1 endpoints, %2 stages of %3 RN1 routers</source>
        <translation>flaches Bidelta-Netz, %1 Endpunkte, %2 Stufen zu je %3 RN1-Routern</translation>
    </message>
    <message>
        <source>RN1 %1 (stage %2 of %3)</source>
        <translation>RN1 %1 (Stufe %2 von %3)</translation>
    </message>
</context>
<context>
    <name>FollowController</name>
    <message>
        <source>leaving %1</source>
        <translation>verlässt %1</translation>
    </message>
    <message>
        <source>waiting for the engine</source>
        <translation>wartet auf die Engine</translation>
    </message>
    <message>
        <source>in flight</source>
        <translation>unterwegs</translation>
    </message>
    <message>
        <source>not in flight</source>
        <translation>nicht unterwegs</translation>
    </message>
    <message>
        <source>off its deterministic route (adaptive detour)</source>
        <translation>abseits seiner deterministischen Route (adaptiver Umweg)</translation>
    </message>
    <message>
        <source>delivered at cycle %1</source>
        <translation>zugestellt in Takt %1</translation>
    </message>
    <message>
        <source>dropped at cycle %1</source>
        <translation>verworfen in Takt %1</translation>
    </message>
    <message>
        <source>%1 hops taken</source>
        <translation>%1 Sprünge zurückgelegt</translation>
    </message>
    <message>
        <source>waiting for the endpoint&apos;s next message</source>
        <translation>wartet auf die nächste Nachricht des Endpunkts</translation>
    </message>
    <message>
        <source>delivered at cycle %1, on attempt %2</source>
        <translation>zugestellt in Takt %1, im Versuch %2</translation>
    </message>
    <message>
        <source>given up at cycle %1 after attempt %2 (the retry limit)</source>
        <translation>aufgegeben in Takt %1 nach Versuch %2 (Wiederholungsgrenze)</translation>
    </message>
    <message>
        <source>waiting to send</source>
        <translation>wartet auf das Senden</translation>
    </message>
    <message>
        <source>attempt %1: setting up the circuit</source>
        <translation>Versuch %1: baut die Verbindung auf</translation>
    </message>
    <message>
        <source>attempt %1: connected; the status is on its way back</source>
        <translation>Versuch %1: verbunden; der Status ist auf dem Rückweg</translation>
    </message>
    <message>
        <source>attempt %1: delivered</source>
        <translation>Versuch %1: zugestellt</translation>
    </message>
    <message>
        <source>backing off after attempt %1; it will retry</source>
        <translation>wartet nach Versuch %1; wird es erneut versuchen</translation>
    </message>
    <message>
        <source>attempt %1 discarded; the sender learns it when its last byte reaches the block</source>
        <translation>Versuch %1 verworfen; der Sender erfährt es, wenn sein letztes Byte die Sperre erreicht</translation>
    </message>
    <message>
        <source>attempt 1: before following began</source>
        <translation>Versuch 1: vor Beginn der Verfolgung</translation>
    </message>
    <message>
        <source>attempts 1 to %1: before following began</source>
        <translation>Versuche 1 bis %1: vor Beginn der Verfolgung</translation>
    </message>
    <message>
        <source>in the network; RN1s crossed: %1</source>
        <translation>im Netz; durchquerte RN1: %1</translation>
    </message>
    <message>
        <source>reached the destination; RN1s crossed: %1</source>
        <translation>Ziel erreicht; durchquerte RN1: %1</translation>
    </message>
    <message>
        <source>delivered; RN1s crossed: %1</source>
        <translation>zugestellt; durchquerte RN1: %1</translation>
    </message>
    <message>
        <source>discarded at %1: both outputs busy</source>
        <translation>verworfen bei %1: beide Ausgänge belegt</translation>
    </message>
    <message>
        <source>lost at %1: a failed router or channel</source>
        <translation>verloren bei %1: ein ausgefallener Router oder Kanal</translation>
    </message>
    <message>
        <source>discarded after %1 (before following began)</source>
        <translation>verworfen nach %1 (vor Beginn der Verfolgung)</translation>
    </message>
    <message>
        <source>attempt %1, cycle %2: %3</source>
        <translation>Versuch %1, Takt %2: %3</translation>
    </message>
    <message>
        <source>1 hop to go</source>
        <translation>noch 1 Schritt</translation>
    </message>
    <message>
        <source>%1 hops to go</source>
        <translation>noch %1 Schritte</translation>
    </message>
    <message>
        <source>at its destination, leaving the network</source>
        <translation>am Ziel, verlässt das Netz</translation>
    </message>
    <message>
        <source>%1, then a failed link blocks its route</source>
        <translation>%1, dann sperrt eine ausgefallene Verbindung seine Route</translation>
    </message>
    <message>
        <source>%1, then its route leaves the machine (misroute)</source>
        <translation>%1, dann verlässt seine Route die Maschine (Fehlleitung)</translation>
    </message>
    <message>
        <source>%1, then it reaches the wrong node (misroute)</source>
        <translation>%1, dann erreicht es den falschen Knoten (Fehlleitung)</translation>
    </message>
    <message>
        <source>its route loops and never ends</source>
        <translation>seine Route läuft im Kreis und endet nie</translation>
    </message>
    <message>
        <source>%1, in two legs: out of the network at %2 and in again</source>
        <translation>%1, in zwei Etappen: bei %2 aus dem Netz hinaus und wieder hinein</translation>
    </message>
</context>
<context>
    <name>FollowPanel</name>
    <message>
        <source>Following packet %1</source>
        <translation>Verfolge Paket %1</translation>
    </message>
    <message>
        <source>Stop following (Esc)</source>
        <translation>Verfolgung beenden (Esc)</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Destination</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>Head at</source>
        <translation>Kopf bei</translation>
    </message>
    <message>
        <source>VC class</source>
        <translation>VC-Klasse</translation>
    </message>
    <message>
        <source>Routing tag</source>
        <translation>Routing-Tag</translation>
    </message>
    <message>
        <source>Table 7</source>
        <translation>Tabelle 7</translation>
    </message>
    <message>
        <source>Route</source>
        <translation>Route</translation>
    </message>
    <message>
        <source>Lime, drawn over the network: the path its head took; lime dashes: the rest of its route (engine&apos;s path tracer). After delivery the path and tag stay until Esc.</source>
        <translation>Limettengrün, über dem Netz gezeichnet: der Weg, den sein Kopf genommen hat; limettengrüne Striche: der Rest seiner Route (Pfadverfolger der Engine). Nach der Zustellung bleiben Weg und Tag bis Esc.</translation>
    </message>
    <message>
        <source>Following the message of endpoint %1</source>
        <translation>Verfolgt die Nachricht von Endpunkt %1</translation>
    </message>
    <message>
        <source>Follow the message this endpoint sends now, or its next one</source>
        <translation>Die Nachricht verfolgen, die dieser Endpunkt jetzt sendet, oder seine nächste</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Versuche</translation>
    </message>
    <message>
        <source>Lime, drawn over the network: the channels of its newest attempt, held or given back; it stays after the message ends until Esc. ↻ follows the endpoint&apos;s next message.</source>
        <translation>Hellgrün über dem Netz: die Kanäle ihres neuesten Versuchs, gehalten oder freigegeben; bleibt nach dem Ende der Nachricht bis Esc. ↻ verfolgt die nächste Nachricht des Endpunkts.</translation>
    </message>
</context>
<context>
    <name>FrameTask</name>
    <message>
        <source>cannot write the screenshot %1</source>
        <translation>das Bildschirmfoto %1 kann nicht geschrieben werden</translation>
    </message>
</context>
<context>
    <name>KeyBindings</name>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Open a scenario file</source>
        <translation>Eine Szenariodatei öffnen</translation>
    </message>
    <message>
        <source>Save the scenario (to its file; asks for a name the first time)</source>
        <translation>Das Szenario speichern (in seine Datei; beim ersten Mal mit Frage nach dem Namen)</translation>
    </message>
    <message>
        <source>Save the scenario under a new name</source>
        <translation>Das Szenario unter neuem Namen speichern</translation>
    </message>
    <message>
        <source>Quit Flitscope</source>
        <translation>Flitscope beenden</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <source>Undo the last break, repair or node change</source>
        <translation>Letzte Trennung, Reparatur oder Knotenänderung rückgängig machen</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Wiederholen</translation>
    </message>
    <message>
        <source>Break or repair the link under the mouse</source>
        <translation>Die Verbindung unter der Maus trennen oder reparieren</translation>
    </message>
    <message>
        <source>View</source>
        <translation>Ansicht</translation>
    </message>
    <message>
        <source>Fit: show the whole network</source>
        <translation>Einpassen: das ganze Netz zeigen</translation>
    </message>
    <message>
        <source>Back to the initial view</source>
        <translation>Zurück zur Ausgangsansicht</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>Vergrößern</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>Verkleinern</translation>
    </message>
    <message>
        <source>Orbit left</source>
        <translation>Nach links drehen</translation>
    </message>
    <message>
        <source>Orbit right</source>
        <translation>Nach rechts drehen</translation>
    </message>
    <message>
        <source>Orbit up</source>
        <translation>Nach oben drehen</translation>
    </message>
    <message>
        <source>Orbit down</source>
        <translation>Nach unten drehen</translation>
    </message>
    <message>
        <source>Centre the view on the node under the mouse</source>
        <translation>Ansicht auf den Knoten unter der Maus zentrieren</translation>
    </message>
    <message>
        <source>Heat map: links coloured by utilization</source>
        <translation>Auslastungskarte: Verbindungen nach Auslastung gefärbt</translation>
    </message>
    <message>
        <source>Packets coloured by age (age arbiter only)</source>
        <translation>Pakete nach Alter gefärbt (nur Alters-Arbiter)</translation>
    </message>
    <message>
        <source>Live charts below the view</source>
        <translation>Live-Diagramme unter der Ansicht</translation>
    </message>
    <message>
        <source>Simulation</source>
        <translation>Simulation</translation>
    </message>
    <message>
        <source>Run or pause</source>
        <translation>Starten oder anhalten</translation>
    </message>
    <message>
        <source>Step one cycle</source>
        <translation>Einen Takt weiter</translation>
    </message>
    <message>
        <source>Step 10 cycles</source>
        <translation>10 Takte weiter</translation>
    </message>
    <message>
        <source>Step 100 cycles</source>
        <translation>100 Takte weiter</translation>
    </message>
    <message>
        <source>Slower</source>
        <translation>Langsamer</translation>
    </message>
    <message>
        <source>Faster</source>
        <translation>Schneller</translation>
    </message>
    <message>
        <source>Reset to cycle 0 of the scenario</source>
        <translation>Zurück auf Takt 0 des Szenarios</translation>
    </message>
    <message>
        <source>Help</source>
        <translation>Hilfe</translation>
    </message>
    <message>
        <source>This list of keys</source>
        <translation>Diese Tastenliste</translation>
    </message>
    <message>
        <source>Save the recording: the scenario, every change with its cycle, the cycles run</source>
        <translation>Die Aufzeichnung speichern: das Szenario, jede Änderung mit ihrem Takt, die gelaufenen Takte</translation>
    </message>
    <message>
        <source>Step back 100 cycles (rewind: restores the earlier state)</source>
        <translation>100 Takte zurück (Zurückspulen: stellt den früheren Zustand wieder her)</translation>
    </message>
    <message>
        <source>Barrier tree: the synchronization panel&apos;s BSU tree and BSU states</source>
        <translation>Barrierenbaum: der Baum und die BSU-Zustände der BSU im Synchronisationsbereich</translation>
    </message>
    <message>
        <source>Barrier: every participant of the synchronization panel&apos;s BSU joins now</source>
        <translation>Barriere: jeder Teilnehmer der BSU im Synchronisationsbereich tritt jetzt bei</translation>
    </message>
    <message>
        <source>Deadlock lab: VC rules, the channel dependency graph, the deadlock&apos;s cycle</source>
        <translation>Deadlock-Labor: VC-Regeln, der Kanalabhängigkeitsgraph, der Zyklus der Verklemmung</translation>
    </message>
    <message>
        <source>VC balance: per channel the share of routes on VC0 and VC1 (T3E Table 1&apos;s model)</source>
        <translation>VC-Ausgleich: je Kanal der Anteil der Routen auf VC0 und VC1 (Modell der T3E-Tabelle 1)</translation>
    </message>
    <message>
        <source>2D slice (a fat-tree: its map) beside the view</source>
        <translation>2D-Schnitt (bei einem Fat-Tree: seine Karte) neben der Ansicht</translation>
    </message>
    <message>
        <source>Legend and counters over the view: hide them to see the network behind</source>
        <translation>Legende und Zähler über der Ansicht: ausblenden, um das Netz dahinter zu sehen</translation>
    </message>
    <message>
        <source>Export a trace: the packet or circuit events of a range of cycles as Chrome/Perfetto JSON</source>
        <translation>Einen Trace exportieren: die Paket- oder Verbindungsereignisse eines Taktbereichs als Chrome/Perfetto-JSON</translation>
    </message>
    <message>
        <source>Break links mode: while on, a click on a link breaks or repairs it</source>
        <translation>Trennmodus: solange er an ist, trennt oder repariert ein Klick auf eine Verbindung diese</translation>
    </message>
    <message>
        <source>Stop following the packet; leave Break links mode</source>
        <translation>Das Paket nicht mehr verfolgen; den Trennmodus verlassen</translation>
    </message>
    <message>
        <source>Detour: the routes the last break or repair changed, over a dimmed network</source>
        <translation>Umweg: die Routen, die die letzte Trennung oder Reparatur geändert hat, über dem abgedunkelten Netz</translation>
    </message>
    <message>
        <source>Node labels: coordinates, logical PE, physical PE, none (in turn)</source>
        <translation>Knotenbeschriftung: Koordinaten, logisches PE, physisches PE, keine (der Reihe nach)</translation>
    </message>
    <message>
        <source>Next plane of the slice; in presenter mode 10 cycles back (a clicker&apos;s Back)</source>
        <translation>Nächste Ebene des Schnitts; im Präsentationsmodus 10 Takte zurück (Zurück eines Präsenters)</translation>
    </message>
    <message>
        <source>Previous plane of the slice; in presenter mode 10 cycles on (a clicker&apos;s Next)</source>
        <translation>Vorige Ebene des Schnitts; im Präsentationsmodus 10 Takte weiter (Weiter eines Präsenters)</translation>
    </message>
    <message>
        <source>Presenter mode: the view fills the screen, larger type, a pointer, Page Up / Down step</source>
        <translation>Präsentationsmodus: die Ansicht füllt den Bildschirm, größere Schrift, ein Zeiger, Bild auf / ab schalten weiter</translation>
    </message>
</context>
<context>
    <name>LessonPanel</name>
    <message>
        <source>Close the lesson (the network stays as it is)</source>
        <translation>Lektion schließen (das Netz bleibt, wie es ist)</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>Schritt %1 von %2</translation>
    </message>
    <message>
        <source>done</source>
        <translation>erledigt</translation>
    </message>
    <message>
        <source>Hint: %1</source>
        <translation>Tipp: %1</translation>
    </message>
    <message>
        <source>Every step is done: the lesson is complete.</source>
        <translation>Alle Schritte sind erledigt: Die Lektion ist abgeschlossen.</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Showing…</source>
        <translation>Wird gezeigt…</translation>
    </message>
    <message>
        <source>Show me</source>
        <translation>Zeig es mir</translation>
    </message>
    <message>
        <source>Do this step for me, as a person would</source>
        <translation>Diesen Schritt für mich ausführen, wie ein Mensch es täte</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Weiter</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>Überspringen</translation>
    </message>
</context>
<context>
    <name>LinkLoadSection</name>
    <message>
        <source>Link load</source>
        <translation>Verbindungslast</translation>
    </message>
    <message>
        <source>Heat map (H)</source>
        <translation>Auslastungskarte (H)</translation>
    </message>
    <message>
        <source>Detour: routes the last break or repair changed (Shift+H)</source>
        <translation>Umweg: Routen, die die letzte Trennung oder Reparatur geändert hat (Umschalt+H)</translation>
    </message>
    <message>
        <source>Green: the paths the changed routes take now; violet: their paths before; the rest of the network dimmed. Pick a pair below to see its two paths.</source>
        <translation>Grün: die Wege, die die geänderten Routen jetzt nehmen; violett: ihre Wege vorher; der Rest des Netzes abgedunkelt. Unten ein Paar wählen, um seine beiden Wege zu sehen.</translation>
    </message>
    <message>
        <source>Pick one to see its path before (violet, dashed) and now (green):</source>
        <translation>Eines wählen, um seinen Weg vorher (violett, gestrichelt) und jetzt (grün) zu sehen:</translation>
    </message>
</context>
<context>
    <name>LiveChart</name>
    <message>
        <source>intervention</source>
        <translation>Eingriff</translation>
    </message>
    <message>
        <source>CSV</source>
        <translation>CSV</translation>
    </message>
    <message>
        <source>Save this chart&apos;s data (every interval, not decimated) as a CSV file</source>
        <translation>Die Daten dieses Diagramms (jedes Intervall, nicht ausgedünnt) als CSV-Datei speichern</translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <source>Flitscope: %1</source>
        <translation>Flitscope: %1</translation>
    </message>
    <message>
        <source>Flitscope</source>
        <translation>Flitscope</translation>
    </message>
    <message>
        <source>Open lesson</source>
        <translation>Lektion öffnen</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Lessons (*.json)</source>
        <translation>Lektionen (*.json)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>MainMenuBar</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>Öffnen…</translation>
    </message>
    <message>
        <source>Open a preset</source>
        <translation>Vorlage öffnen</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Save As…</source>
        <translation>Speichern unter…</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Beenden</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>Undo: %1</source>
        <translation>Rückgängig: %1</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <source>Redo: %1</source>
        <translation>Wiederholen: %1</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Wiederholen</translation>
    </message>
    <message>
        <source>Deselect the node</source>
        <translation>Knotenauswahl aufheben</translation>
    </message>
    <message>
        <source>&amp;Simulation</source>
        <translation>&amp;Simulation</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Step one cycle</source>
        <translation>Einen Takt weiter</translation>
    </message>
    <message>
        <source>Step 10 cycles</source>
        <translation>10 Takte weiter</translation>
    </message>
    <message>
        <source>Step 100 cycles</source>
        <translation>100 Takte weiter</translation>
    </message>
    <message>
        <source>Run to a cycle…</source>
        <translation>Bis zu einem Takt laufen…</translation>
    </message>
    <message>
        <source>Slower</source>
        <translation>Langsamer</translation>
    </message>
    <message>
        <source>Faster</source>
        <translation>Schneller</translation>
    </message>
    <message>
        <source>Back to cycle 0</source>
        <translation>Zurück auf Takt 0</translation>
    </message>
    <message>
        <source>Adaptive routing</source>
        <translation>Adaptives Routing</translation>
    </message>
    <message>
        <source>Stop following the packet</source>
        <translation>Paket nicht mehr verfolgen</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Fail the selected node</source>
        <translation>Gewählten Knoten ausfallen lassen</translation>
    </message>
    <message>
        <source>Fail %1</source>
        <translation>%1 ausfallen lassen</translation>
    </message>
    <message>
        <source>Repair %1</source>
        <translation>%1 reparieren</translation>
    </message>
    <message>
        <source>Make the selected node a hot spare</source>
        <translation>Gewählten Knoten zum Hot Spare machen</translation>
    </message>
    <message>
        <source>Stop using %1 as a hot spare</source>
        <translation>%1 nicht mehr als Hot Spare verwenden</translation>
    </message>
    <message>
        <source>Make %1 a hot spare target</source>
        <translation>%1 zum Hot Spare machen</translation>
    </message>
    <message>
        <source>Traffic pattern</source>
        <translation>Verkehrsmuster</translation>
    </message>
    <message>
        <source>Save Recording…</source>
        <translation>Aufzeichnung speichern…</translation>
    </message>
    <message>
        <source>Export Trace…</source>
        <translation>Trace exportieren…</translation>
    </message>
    <message>
        <source>Step back 100 cycles</source>
        <translation>100 Takte zurück</translation>
    </message>
    <message>
        <source>Barrier now (the Synchronization panel&apos;s BSU)</source>
        <translation>Barriere jetzt (die BSU des Synchronisationsbereichs)</translation>
    </message>
    <message>
        <source>User guide</source>
        <translation>Benutzerhandbuch</translation>
    </message>
    <message>
        <source>About Flitscope</source>
        <translation>Über Flitscope</translation>
    </message>
    <message>
        <source>Open Lesson…</source>
        <translation>Lektion öffnen…</translation>
    </message>
    <message>
        <source>Lessons</source>
        <translation>Lektionen</translation>
    </message>
    <message>
        <source>Engine threads</source>
        <translation>Engine-Threads</translation>
    </message>
    <message>
        <source>1 thread</source>
        <translation>1 Thread</translation>
    </message>
    <message>
        <source>%1 threads</source>
        <translation>%1 Threads</translation>
    </message>
    <message>
        <source> (automatic: the cores the view leaves)</source>
        <translation> (automatisch: die Kerne, die die Ansicht frei lässt)</translation>
    </message>
</context>
<context>
    <name>MainWindowSession</name>
    <message>
        <source>cannot create the main window (qrc:/Flitscope/Main.qml did not load)</source>
        <translation>das Hauptfenster kann nicht erzeugt werden (qrc:/Flitscope/Main.qml wurde nicht geladen)</translation>
    </message>
    <message>
        <source>--fail-link and --slice are for torus scenarios (a fat-tree has --map); %1 is a fat-tree</source>
        <translation>--fail-link und --slice gelten für Torus-Szenarien (ein Fat-Tree hat --map); %1 ist ein Fat-Tree</translation>
    </message>
    <message>
        <source>--map is for fat-tree scenarios (a torus has --slice); %1 is a torus</source>
        <translation>--map gilt für Fat-Tree-Szenarien (ein Torus hat --slice); %1 ist ein Torus</translation>
    </message>
    <message>
        <source>--lesson: %1 is not a lesson number (1 to %2) or a file</source>
        <translation>--lesson: %1 ist weder eine Lektionsnummer (1 bis %2) noch eine Datei</translation>
    </message>
    <message>
        <source>--lesson: %1</source>
        <translation>--lesson: %1</translation>
    </message>
</context>
<context>
    <name>NetworkController</name>
    <message>
        <source>repair %1</source>
        <translation>%1 reparieren</translation>
    </message>
    <message>
        <source>break %1</source>
        <translation>%1 trennen</translation>
    </message>
    <message>
        <source>%1: cannot open the file</source>
        <translation>%1: die Datei kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 torus</source>
        <translation>%1-Torus</translation>
    </message>
    <message>
        <source>%1 mesh</source>
        <translation>%1-Gitter</translation>
    </message>
    <message>
        <source>%1 torus, mesh in %2</source>
        <translation>%1-Torus, Gitter in %2</translation>
    </message>
    <message>
        <source>node %1 PE %2</source>
        <translation>Knoten %1 PE %2</translation>
    </message>
    <message>
        <source>link %1 %2 -&gt; %3</source>
        <translation>Verbindung %1 %2 -&gt; %3</translation>
    </message>
    <message>
        <source> (wrap)</source>
        <translation> (Ringschluss)</translation>
    </message>
    <message>
        <source> [failed]</source>
        <translation> [ausgefallen]</translation>
    </message>
    <message>
        <source>fail %1</source>
        <translation>%1 ausfallen lassen</translation>
    </message>
    <message>
        <source>fat-tree, %1 endpoints (%2), %3 RN1 routers</source>
        <translation>Fat-Tree, %1 Endpunkte (%2), %3 RN1-Router</translation>
    </message>
    <message>
        <source>endpoint %1</source>
        <translation>Endpunkt %1</translation>
    </message>
    <message>
        <source>RN1 %1 (%2 %3 of stage %4, layer %5)</source>
        <translation>RN1 %1 (%2 %3 der Stufe %4, Lage %5)</translation>
    </message>
    <message>
        <source>RN1 %1</source>
        <translation>RN1 %1</translation>
    </message>
    <message>
        <source>channel %1: %2 -&gt; %3</source>
        <translation>Kanal %1: %2 -&gt; %3</translation>
    </message>
    <message>
        <source>%1 %2 of stage %3: %4 RN1s, collapsed (click to expand)</source>
        <translation>%1 %2 der Stufe %3: %4 RN1, zugeklappt (Klick klappt auf)</translation>
    </message>
    <message>
        <source>repair %1 %2</source>
        <translation>%1 %2 reparieren</translation>
    </message>
    <message>
        <source>fail %1 %2</source>
        <translation>%1 %2 ausfallen lassen</translation>
    </message>
    <message>
        <source>click breaks it</source>
        <translation>Klick trennt sie</translation>
    </message>
    <message>
        <source>click repairs it</source>
        <translation>Klick repariert sie</translation>
    </message>
    <message>
        <source>B breaks it (or click it in Break links mode, X)</source>
        <translation>B trennt sie (oder Klick im Trennmodus, X)</translation>
    </message>
    <message>
        <source>B repairs it (or click it in Break links mode, X)</source>
        <translation>B repariert sie (oder Klick im Trennmodus, X)</translation>
    </message>
    <message>
        <source>click expands the unit tree into its RN1s; right-click for its menu</source>
        <translation>Klick klappt den Unit Tree in seine RN1 auf; Rechtsklick öffnet sein Menü</translation>
    </message>
    <message>
        <source>click selects it; right-click follows its message</source>
        <translation>Klick wählt ihn aus; Rechtsklick verfolgt seine Nachricht</translation>
    </message>
    <message>
        <source>click selects it (node inspector); right-click to fail or repair it</source>
        <translation>Klick wählt ihn aus (Knoteninspektor); Rechtsklick lässt ihn ausfallen oder repariert ihn</translation>
    </message>
    <message>
        <source>%1 failed at cycle %2</source>
        <translation>%1 in Takt %2 ausgefallen</translation>
    </message>
    <message>
        <source>%1 repaired at cycle %2</source>
        <translation>%1 in Takt %2 repariert</translation>
    </message>
    <message>
        <source>%1 made a hot spare at cycle %2</source>
        <translation>%1 in Takt %2 zum Hot Spare gemacht</translation>
    </message>
    <message>
        <source>%1 no longer a hot spare at cycle %2</source>
        <translation>%1 ab Takt %2 kein Hot Spare mehr</translation>
    </message>
    <message>
        <source>PE %1</source>
        <translation>PE %1</translation>
    </message>
    <message>
        <source>click it in Break links mode (X) to break it</source>
        <translation>im Trennmodus (X) anklicken, um sie zu trennen</translation>
    </message>
    <message>
        <source>click it in Break links mode (X) to repair it</source>
        <translation>im Trennmodus (X) anklicken, um sie zu reparieren</translation>
    </message>
</context>
<context>
    <name>NetworkCountsSection</name>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <source>Undo: %1 (Ctrl+Z)</source>
        <translation>Rückgängig: %1 (Strg+Z)</translation>
    </message>
    <message>
        <source>Nothing to undo (Ctrl+Z)</source>
        <translation>Nichts rückgängig zu machen (Strg+Z)</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Wiederholen</translation>
    </message>
    <message>
        <source>Redo: %1 (Ctrl+Shift+Z)</source>
        <translation>Wiederholen: %1 (Strg+Umschalt+Z)</translation>
    </message>
    <message>
        <source>Nothing to redo (Ctrl+Shift+Z)</source>
        <translation>Nichts zu wiederholen (Strg+Umschalt+Z)</translation>
    </message>
    <message>
        <source>Failed links</source>
        <translation>Ausgefallene Verbindungen</translation>
    </message>
    <message>
        <source>Click to repair this link</source>
        <translation>Klicken, um diese Verbindung zu reparieren</translation>
    </message>
</context>
<context>
    <name>NodeInspectorPanel</name>
    <message>
        <source>%1, VC %2 (%3): %4 of %5 flits</source>
        <translation>%1, VC %2 (%3): %4 von %5 Flits</translation>
    </message>
    <message>
        <source>* edited in the tag editor</source>
        <translation>* im Tag-Editor geändert</translation>
    </message>
    <message>
        <source>Click a node to inspect its router.</source>
        <translation>Klicken Sie auf einen Knoten, um seinen Router zu untersuchen.</translation>
    </message>
    <message>
        <source>No routing-tag LUT: this machine routes in dimension order.</source>
        <translation>Keine Routing-Tag-LUT: diese Maschine routet in Dimensionsreihenfolge.</translation>
    </message>
    <message>
        <source>Routing-tag LUT (mode %1), per destination</source>
        <translation>Routing-Tag-LUT (Modus %1), je Ziel</translation>
    </message>
    <message>
        <source>Waiting for the simulation…</source>
        <translation>Warte auf die Simulation…</translation>
    </message>
    <message>
        <source>VC %1</source>
        <translation>VC %1</translation>
    </message>
    <message>
        <source>Input buffers at cycle %1 (flits / capacity)</source>
        <translation>Eingangspuffer bei Takt %1 (Flits / Kapazität)</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source>Counters per VC:</source>
        <translation>Zähler je VC:</translation>
    </message>
    <message>
        <source>packets</source>
        <translation>Pakete</translation>
    </message>
    <message>
        <source>flits</source>
        <translation>Flits</translation>
    </message>
    <message>
        <source>blocked</source>
        <translation>blockiert</translation>
    </message>
    <message>
        <source>stalled</source>
        <translation>gestaut</translation>
    </message>
    <message>
        <source>RTR_PERF_VCv_PKTS, _FLITS and _BLOCKED per virtual channel, RTR_PERF_STALLED per port (XT paper, Table 4), since the node was selected or the simulation reset</source>
        <translation>RTR_PERF_VCv_PKTS, _FLITS und _BLOCKED je virtuellem Kanal, RTR_PERF_STALLED je Port (XT-Artikel, Tabelle 4), seit der Knoten gewählt oder die Simulation zurückgesetzt wurde</translation>
    </message>
</context>
<context>
    <name>NodeMenu</name>
    <message>
        <source>Fail %1</source>
        <translation>%1 ausfallen lassen</translation>
    </message>
    <message>
        <source>Repair %1</source>
        <translation>%1 reparieren</translation>
    </message>
    <message>
        <source>Expand this unit tree into its RN1s</source>
        <translation>Diesen Unit Tree in seine RN1 aufklappen</translation>
    </message>
    <message>
        <source>Collapse this unit tree into one shape</source>
        <translation>Diesen Unit Tree zu einer Form zuklappen</translation>
    </message>
    <message>
        <source>Fail every RN1 of this unit tree</source>
        <translation>Jeden RN1 dieses Unit Trees ausfallen lassen</translation>
    </message>
    <message>
        <source>Follow the message of %1 across its attempts</source>
        <translation>Die Nachricht von %1 über ihre Versuche verfolgen</translation>
    </message>
    <message>
        <source>Stop using %1 as a hot spare</source>
        <translation>%1 nicht mehr als Hot Spare verwenden</translation>
    </message>
    <message>
        <source>Make %1 a hot spare target</source>
        <translation>%1 zum Hot Spare machen</translation>
    </message>
    <message>
        <source>Select (inspect in the side panel)</source>
        <translation>Auswählen (in der Seitenleiste untersuchen)</translation>
    </message>
    <message>
        <source>Reset %1 over the special network (SPUT R_RESETS from (0,0,0))</source>
        <translation>%1 über das Spezialnetz zurücksetzen (SPUT R_RESETS von (0,0,0))</translation>
    </message>
    <message>
        <source>Write the way back to (0,0,0) into its R_SGET_RTRN (SPUT)</source>
        <translation>Den Rückweg nach (0,0,0) in sein R_SGET_RTRN schreiben (SPUT)</translation>
    </message>
    <message>
        <source>Read its R_SGET_RTRN from (0,0,0) (SGET)</source>
        <translation>Sein R_SGET_RTRN von (0,0,0) aus lesen (SGET)</translation>
    </message>
</context>
<context>
    <name>NumberField</name>
    <message>
        <source>%1: &quot;%2&quot; is not a whole number from %3 to %4; kept %5</source>
        <translation>%1: &quot;%2&quot; ist keine ganze Zahl von %3 bis %4; %5 bleibt</translation>
    </message>
</context>
<context>
    <name>PacketLegend</name>
    <message>
        <source>Packets</source>
        <translation>Pakete</translation>
    </message>
    <message>
        <source>head: long diamond, body: small diamond</source>
        <translation>Kopf: lange Raute, Rumpf: kleine Raute</translation>
    </message>
    <message>
        <source>adaptive: fading trail</source>
        <translation>adaptiv: verblassende Spur</translation>
    </message>
    <message>
        <source>white halo: dateline crossed (VC0 to VC1)</source>
        <translation>weißer Ring: Dateline überquert (VC0 nach VC1)</translation>
    </message>
    <message>
        <source>red: dateline violation</source>
        <translation>rot: Dateline-Verletzung</translation>
    </message>
    <message>
        <source>grey ring: dateline node</source>
        <translation>grauer Ring: Dateline-Knoten</translation>
    </message>
    <message>
        <source>Dateline crossings: %1, violations: %2</source>
        <translation>Dateline-Übergänge: %1, Verletzungen: %2</translation>
    </message>
    <message>
        <source>Link utilization (flits per cycle)</source>
        <translation>Verbindungsauslastung (Flits pro Takt)</translation>
    </message>
    <message>
        <source>0 to 1; busiest now: %1</source>
        <translation>0 bis 1; am stärksten jetzt: %1</translation>
    </message>
    <message>
        <source>Age (XT age arbiter, 0 to 255)</source>
        <translation>Alter (XT-Alters-Arbiter, 0 bis 255)</translation>
    </message>
    <message>
        <source>%1: barrier/eureka packets
(drawn with the barrier tree, %2)</source>
        <translation>%1: Barrieren-/Eureka-Pakete
(mit dem Barrierenbaum gezeichnet, %2)</translation>
    </message>
    <message>
        <source>%1 flits in flight: too many to draw one by one.
Each link shows its flits: the colour of the VC class
of most of them, brighter when fuller; grey when empty.</source>
        <translation>%1 Flits unterwegs: zu viele, um jedes einzeln zu zeichnen.
Jede Verbindung zeigt ihre Flits: in der Farbe der VC-Klasse
der meisten, heller je voller; grau wenn leer.</translation>
    </message>
    <message>
        <source>Show the whole legend (L hides it)</source>
        <translation>Die ganze Legende zeigen (L blendet sie aus)</translation>
    </message>
    <message>
        <source>Fold the legend to this line (L hides it)</source>
        <translation>Die Legende auf diese Zeile zuklappen (L blendet sie aus)</translation>
    </message>
    <message>
        <source>Detour: the routes the last break or repair changed</source>
        <translation>Umweg: die Routen, die die letzte Trennung oder Reparatur geändert hat</translation>
    </message>
    <message>
        <source>their paths now</source>
        <translation>ihre Wege jetzt</translation>
    </message>
    <message>
        <source>their paths before, no longer taken</source>
        <translation>ihre Wege vorher, nicht mehr genommen</translation>
    </message>
    <message>
        <source>every other link</source>
        <translation>jede andere Verbindung</translation>
    </message>
    <message>
        <source>failed link (a red X, drawn on top)</source>
        <translation>ausgefallene Verbindung (ein rotes X, obenauf gezeichnet)</translation>
    </message>
    <message>
        <source>green collar: detour or relay of the last rebuild</source>
        <translation>grüner Kragen: Umweg oder Relais des letzten Neuaufbaus</translation>
    </message>
</context>
<context>
    <name>PacketScene</name>
    <message>
        <source>on %1</source>
        <translation>auf %1</translation>
    </message>
    <message>
        <source>waiting in %1</source>
        <translation>wartet in %1</translation>
    </message>
    <message>
        <source>packet %1, %2</source>
        <translation>Paket %1, %2</translation>
    </message>
    <message>
        <source>packet %1 (%2), %3</source>
        <translation>Paket %1 (%2), %3</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1: %2 {1,?}</translation>
    </message>
</context>
<context>
    <name>RebuildOutcomeSection</name>
    <message>
        <source>%1 holds the logical PE of failed %2</source>
        <translation>%1 trägt das logische PE des ausgefallenen %2</translation>
    </message>
    <message>
        <source>Last change</source>
        <translation>Letzte Änderung</translation>
    </message>
    <message>
        <source>Every pair of working nodes can still reach each other.</source>
        <translation>Jedes Paar funktionierender Knoten erreicht sich weiterhin.</translation>
    </message>
    <message>
        <source>%1 pairs cannot reach each other (refused at their source). Pick one to see where its route is blocked:</source>
        <translation>%1 Paare erreichen sich nicht mehr (an ihrer Quelle abgewiesen). Eines wählen, um zu sehen, wo seine Route gesperrt ist:</translation>
    </message>
    <message>
        <source>Hot spare: %1.</source>
        <translation>Hot Spare: %1.</translation>
    </message>
</context>
<context>
    <name>RestoreRunDialog</name>
    <message>
        <source>Restore the last run?</source>
        <translation>Den letzten Lauf wiederherstellen?</translation>
    </message>
    <message>
        <source>Flitscope did not close normally last time. Its run was kept: %1. Restore it? It replays to the same cycle with every change in force.</source>
        <translation>Flitscope wurde beim letzten Mal nicht normal beendet. Sein Lauf wurde aufbewahrt: %1. Wiederherstellen? Er wird bis zum selben Takt wiederholt, mit jeder Änderung in Kraft.</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>Wiederherstellen</translation>
    </message>
</context>
<context>
    <name>ScenarioFileActions</name>
    <message>
        <source>Saved to %1</source>
        <translation>Gespeichert unter %1</translation>
    </message>
    <message>
        <source>Could not save the scenario: %1</source>
        <translation>Das Szenario konnte nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>Recording saved to %1</source>
        <translation>Aufzeichnung gespeichert in %1</translation>
    </message>
    <message>
        <source>Could not save the recording: %1</source>
        <translation>Die Aufzeichnung konnte nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>Szenario öffnen</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Scenarios and recordings (*.json)</source>
        <translation>Szenarien und Aufzeichnungen (*.json)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Save recording</source>
        <translation>Aufzeichnung speichern</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Recordings (*.json)</source>
        <translation>Aufzeichnungen (*.json)</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>Szenario speichern</translation>
    </message>
    <message>
        <source>Scenario files (*.json)</source>
        <translation>Szenariodateien (*.json)</translation>
    </message>
</context>
<context>
    <name>ScenarioFileRow</name>
    <message>
        <source>Presets</source>
        <translation>Vorlagen</translation>
    </message>
    <message>
        <source>Open one of the bundled scenarios</source>
        <translation>Eines der mitgelieferten Szenarien öffnen</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>Öffnen…</translation>
    </message>
    <message>
        <source>Open a scenario file (Ctrl+O)</source>
        <translation>Eine Szenariodatei öffnen (Strg+O)</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>Speichern…</translation>
    </message>
    <message>
        <source>Save this scenario, with the failed links, as a file (Ctrl+S)</source>
        <translation>Dieses Szenario mit den ausgefallenen Verbindungen als Datei speichern (Strg+S)</translation>
    </message>
</context>
<context>
    <name>ScenarioFiles</name>
    <message>
        <source>cannot open the file</source>
        <translation>die Datei lässt sich nicht öffnen</translation>
    </message>
    <message>
        <source>cannot write the file (%1)</source>
        <translation>die Datei lässt sich nicht schreiben (%1)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>no network to show the scenario in</source>
        <translation>kein Netz, in dem das Szenario angezeigt werden kann</translation>
    </message>
    <message>
        <source>no scenario loaded</source>
        <translation>kein Szenario geladen</translation>
    </message>
    <message>
        <source>the simulation did not answer; nothing was saved</source>
        <translation>die Simulation hat nicht geantwortet; nichts wurde gespeichert</translation>
    </message>
    <message>
        <source>no simulation to record</source>
        <translation>keine Simulation zum Aufzeichnen</translation>
    </message>
    <message>
        <source>this simulation keeps no recording</source>
        <translation>diese Simulation führt keine Aufzeichnung</translation>
    </message>
    <message>
        <source>the file is %1 bytes, more than the %2 a scenario may have</source>
        <translation>die Datei hat %1 Bytes, mehr als die %2, die ein Szenario haben darf</translation>
    </message>
</context>
<context>
    <name>SceneLabels</name>
    <message>
        <source>barrier root</source>
        <translation>Barrieren-Wurzel</translation>
    </message>
    <message>
        <source>source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>destination</source>
        <translation>Ziel</translation>
    </message>
</context>
<context>
    <name>ShortcutSheet</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Mouse</source>
        <translation>Maus</translation>
    </message>
    <message>
        <source>Drag: orbit. Wheel: zoom. Click a node: select it for the node inspector. Click a packet: follow it. With Break links on (X): click a link to break or repair it. Right-click a node: fail or repair it, make it a hot spare. Double-click a node: centre it.</source>
        <translation>Ziehen: drehen. Mausrad: zoomen. Klick auf einen Knoten: für den Knoteninspektor auswählen. Klick auf ein Paket: verfolgen. Im Trennmodus (X): Klick auf eine Verbindung trennt oder repariert sie. Rechtsklick auf einen Knoten: ausfallen lassen oder reparieren, zum Hot Spare machen. Doppelklick auf einen Knoten: zentrieren.</translation>
    </message>
</context>
<context>
    <name>SidePanel</name>
    <message>
        <source>Could not open the scenario: %1</source>
        <translation>Das Szenario konnte nicht geöffnet werden: %1</translation>
    </message>
    <message>
        <source>Legend</source>
        <translation>Legende</translation>
    </message>
    <message>
        <source>Failed link: red, with a gap and an X</source>
        <translation>Ausgefallene Verbindung: rot, mit Lücke und einem X</translation>
    </message>
    <message>
        <source>Under the mouse</source>
        <translation>Unter der Maus</translation>
    </message>
    <message>
        <source>Mouse and keys</source>
        <translation>Maus und Tasten</translation>
    </message>
    <message>
        <source>Node inspector</source>
        <translation>Knoteninspektor</translation>
    </message>
    <message>
        <source>Routing tag editor</source>
        <translation>Routing-Tag-Editor</translation>
    </message>
    <message>
        <source>Edit the routing tag of a source and destination and preview its path</source>
        <translation>Den Routing-Tag für Quelle und Ziel bearbeiten und den Weg vorab ansehen</translation>
    </message>
    <message>
        <source>Arbitration</source>
        <translation>Arbitrierung</translation>
    </message>
    <message>
        <source>Arbiter and age parameters of every router, changed live</source>
        <translation>Arbiter und Altersparameter aller Router, live geändert</translation>
    </message>
    <message>
        <source>Synchronization</source>
        <translation>Synchronisation</translation>
    </message>
    <message>
        <source>Barrier/eureka networks (T3E section 6): run a barrier, watch the BSU states</source>
        <translation>Barrier-/Eureka-Netze (T3E Abschnitt 6): eine Barriere ausführen, die BSU-Zustände beobachten</translation>
    </message>
    <message>
        <source>VC balance</source>
        <translation>VC-Ausgleich</translation>
    </message>
    <message>
        <source>How evenly the routes share VC0 and VC1 (T3E section 4, Table 1); optimize the VC tables</source>
        <translation>Wie gleichmäßig die Routen VC0 und VC1 teilen (T3E Abschnitt 4, Tabelle 1); VC-Tabellen optimieren</translation>
    </message>
    <message>
        <source>Arrows: orbit. + and -: zoom. F: fit. Home: reset view. C: centre the node under the mouse. B: break or repair the link under the mouse. Ctrl+Z / Ctrl+Shift+Z: undo / redo. F1 or ?: every key.</source>
        <translation>Pfeiltasten: drehen. + und -: zoomen. F: einpassen. Pos1: Ansicht zurücksetzen. C: den Knoten unter der Maus zentrieren. B: die Verbindung unter der Maus trennen oder reparieren. Strg+Z / Strg+Umschalt+Z: rückgängig / wiederholen. F1 oder ?: alle Tasten.</translation>
    </message>
    <message>
        <source>Less</source>
        <translation>Weniger</translation>
    </message>
    <message>
        <source>More…</source>
        <translation>Mehr…</translation>
    </message>
    <message>
        <source>Show the first lines of the description only</source>
        <translation>Nur die ersten Zeilen der Beschreibung zeigen</translation>
    </message>
    <message>
        <source>Show the whole description of the scenario</source>
        <translation>Die ganze Beschreibung des Szenarios zeigen</translation>
    </message>
</context>
<context>
    <name>SliceDeadlockOverlay</name>
    <message>
        <source>P%1 VC%2</source>
        <translation>P%1 VC%2</translation>
    </message>
</context>
<context>
    <name>SlicePanel</name>
    <message>
        <source>Show the %1 plane (the third dimension is chosen on the right)</source>
        <translation>Die %1-Ebene zeigen (die dritte Dimension wird rechts gewählt)</translation>
    </message>
    <message>
        <source>Slice</source>
        <translation>Schnitt</translation>
    </message>
    <message>
        <source>%1 =</source>
        <translation>%1 =</translation>
    </message>
    <message>
        <source>Which %1 plane: its %2 coordinate, 0 to %3 (Page Up / Page Down)</source>
        <translation>Welche %1-Ebene: ihre %2-Koordinate, 0 bis %3 (Bild auf / Bild ab)</translation>
    </message>
    <message>
        <source>%1 plane %2 = %3: %4 x %5 nodes, %6 links (%7 wrap: violet stubs with chevrons, labelled with the ordinate they wrap to); grey bars: datelines.</source>
        <translation>%1-Ebene %2 = %3: %4 x %5 Knoten, %6 Verbindungen (%7 Ringschluss: violette Stummel mit Winkeln, beschriftet mit der Koordinate am anderen Ende); graue Balken: Datelines.</translation>
    </message>
    <message>
        <source>%1 flits in the plane, %2 on links to the neighbouring planes (not drawn).</source>
        <translation>%1 Flits in der Ebene, %2 auf Verbindungen zu den Nachbarebenen (nicht gezeichnet).</translation>
    </message>
    <message>
        <source>This plane is the %1 dateline.</source>
        <translation>Diese Ebene ist die %1-Dateline.</translation>
    </message>
    <message>
        <source>Slice %1</source>
        <translation>Schnitt %1</translation>
    </message>
</context>
<context>
    <name>SourceThroughputChart</name>
    <message>
        <source>Accepted per source (flits/cycle), last %1 cycles</source>
        <translation>Angenommen je Quelle (Flits/Takt), letzte %1 Takte</translation>
    </message>
    <message>
        <source>Accepted per source (flits/cycle)</source>
        <translation>Angenommen je Quelle (Flits/Takt)</translation>
    </message>
    <message>
        <source>source node</source>
        <translation>Quellknoten</translation>
    </message>
    <message>
        <source>accepted</source>
        <translation>angenommen</translation>
    </message>
    <message>
        <source>nodes 0-%1 left to right, %2 a bar</source>
        <translation>Knoten 0-%1 von links nach rechts, %2 je Balken</translation>
    </message>
    <message>
        <source>nodes 0-%1 left to right</source>
        <translation>Knoten 0-%1 von links nach rechts</translation>
    </message>
</context>
<context>
    <name>SpecialController</name>
    <message>
        <source>Special network (no flow control; SPUT magenta, SGET cyan): %1 in flight · SPUT %2, written %3 · SGET %4, answered %5 · lost %6</source>
        <translation>Spezialnetz (ohne Flusskontrolle; SPUT magenta, SGET cyan): %1 unterwegs · SPUT %2, geschrieben %3 · SGET %4, beantwortet %5 · verloren %6</translation>
    </message>
    <message>
        <source>SGET of %1 at %2 came back to %3 at cycle %4: %5</source>
        <translation>SGET von %1 bei %2 kam in Takt %4 zu %3 zurück: %5</translation>
    </message>
</context>
<context>
    <name>SweepChart</name>
    <message>
        <source>Sweep: first-attempt success against loading</source>
        <translation>Lastreihe: Erfolg im ersten Versuch über der Netzlast</translation>
    </message>
    <message>
        <source>network loading</source>
        <translation>Netzlast</translation>
    </message>
    <message>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Run sweep</source>
        <translation>Lastreihe starten</translation>
    </message>
    <message>
        <source>Runs this fat-tree, with the faults it has now, at nine loads (%1 + %2 cycles each) beside the live simulation; the shape of the paper&apos;s Figures 11 and 12</source>
        <translation>Simuliert diesen Fat-Tree mit seinen jetzigen Ausfällen bei neun Lasten (je %1 + %2 Takte) neben der laufenden Simulation; die Form der Abbildungen 11 und 12 des Artikels</translation>
    </message>
</context>
<context>
    <name>SyncPanel</name>
    <message>
        <source>This scenario has no barrier trees. Add a section &quot;sync&quot;: {&quot;trees&quot;: [{&quot;bsu&quot;: 0}]} to the scenario (sync.trees, see docs/synchronization.md) and open it again.</source>
        <translation>Dieses Szenario hat keine Barrierenbäume. Fügen Sie dem Szenario einen Abschnitt &quot;sync&quot;: {&quot;trees&quot;: [{&quot;bsu&quot;: 0}]} hinzu (sync.trees, siehe docs/synchronization.md) und öffnen Sie es erneut.</translation>
    </message>
    <message>
        <source>BSU</source>
        <translation>BSU</translation>
    </message>
    <message>
        <source>The barrier/eureka synchronization unit (one of 32 per node) whose tree is shown; only the BSUs of sync.trees</source>
        <translation>Die Barrier-/Eureka-Synchronisationseinheit (eine von 32 je Knoten), deren Baum gezeigt wird; nur die BSUs aus sync.trees</translation>
    </message>
    <message>
        <source>Barrier</source>
        <translation>Barriere</translation>
    </message>
    <message>
        <source>Every participant joins the barrier now (OP_BAR, %1)</source>
        <translation>Jeder Teilnehmer tritt jetzt der Barriere bei (OP_BAR, %1)</translation>
    </message>
    <message>
        <source>Eureka</source>
        <translation>Eureka</translation>
    </message>
    <message>
        <source>The deepest participant signals a eureka (OP_EUR_B); the others join the barrier when they see it</source>
        <translation>Der tiefste Teilnehmer meldet ein Eureka (OP_EUR_B); die anderen treten der Barriere bei, sobald sie es sehen</translation>
    </message>
    <message>
        <source>%1 participants: %2 S_BAR, %3 S_ARM, %4 S_EUR (tree depth %5)</source>
        <translation>%1 Teilnehmer: %2 S_BAR, %3 S_ARM, %4 S_EUR (Baumtiefe %5)</translation>
    </message>
    <message>
        <source>Barriers completed: %1; latency last %2, mean %3 cycles</source>
        <translation>Abgeschlossene Barrieren: %1; Latenz zuletzt %2, im Mittel %3 Takte</translation>
    </message>
    <message>
        <source>Eurekas: %1; barrier packets: %2, link cycles taken from data: %3</source>
        <translation>Eurekas: %1; Barrierpakete: %2, den Daten entzogene Link-Takte: %3</translation>
    </message>
    <message>
        <source>Participants that left a barrier under way (node failed; the tree was rebuilt): %1</source>
        <translation>Teilnehmer, die eine laufende Barriere verlassen haben (Knoten ausgefallen; der Baum wurde neu aufgebaut): %1</translation>
    </message>
    <message>
        <source>S_BAR: idle, no barrier joined</source>
        <translation>S_BAR: untätig, keiner Barriere beigetreten</translation>
    </message>
    <message>
        <source>S_ARM: joined, waiting for completion</source>
        <translation>S_ARM: beigetreten, wartet auf den Abschluss</translation>
    </message>
    <message>
        <source>S_EUR: saw a eureka, not yet joined</source>
        <translation>S_EUR: hat ein Eureka gesehen, noch nicht beigetreten</translation>
    </message>
    <message>
        <source>Tree edge to the parent (View &gt; Barrier tree, %1); yellow while the router holds arrivals</source>
        <translation>Baumkante zum Elternknoten (Ansicht &gt; Barrierenbaum, %1); gelb, solange der Router Ankünfte hält</translation>
    </message>
    <message>
        <source>Tree from its root %1 (gold in the view), routers per level: %2</source>
        <translation>Baum ab seiner Wurzel %1 (golden in der Ansicht), Router je Ebene: %2</translation>
    </message>
    <message>
        <source>Barriers completed: %1; latency last %2, mean %3 ns</source>
        <translation>Abgeschlossene Barrieren: %1; Latenz zuletzt %2, im Mittel %3 ns</translation>
    </message>
    <message>
        <source>Eureka from node %1</source>
        <translation>Eureka von Knoten %1</translation>
    </message>
    <message>
        <source>Eureka from a node (select one)</source>
        <translation>Eureka von einem Knoten (einen auswählen)</translation>
    </message>
    <message>
        <source>The selected node alone signals a eureka (OP_EUR); the other participants join the barrier that ends it when they see it. Select a participant in S_BAR first</source>
        <translation>Nur der ausgewählte Knoten meldet eine Eureka (OP_EUR); die anderen Teilnehmer treten der Barriere, die sie beendet, bei, sobald sie sie sehen. Zuerst einen Teilnehmer in S_BAR auswählen</translation>
    </message>
</context>
<context>
    <name>TagEditorPanel</name>
    <message>
        <source>%1_ADR</source>
        <translation>%1_ADR</translation>
    </message>
    <message>
        <source>%1_SGN: 0 = +%1, 1 = -%1 (Table 7)</source>
        <translation>%1_SGN: 0 = +%1, 1 = -%1 (Tabelle 7)</translation>
    </message>
    <message>
        <source>+X</source>
        <translation>+X</translation>
    </message>
    <message>
        <source>+Y</source>
        <translation>+Y</translation>
    </message>
    <message>
        <source>+Z</source>
        <translation>+Z</translation>
    </message>
    <message>
        <source>ADAPTIVE</source>
        <translation>ADAPTIVE</translation>
    </message>
    <message>
        <source>Apply this routing tag?</source>
        <translation>Diesen Routing-Tag übernehmen?</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Übernehmen</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
    <message>
        <source>Click the source node, then the destination node in the view</source>
        <translation>Klicken Sie in der Ansicht auf den Quellknoten, dann auf den Zielknoten</translation>
    </message>
    <message>
        <source>Click the source node.</source>
        <translation>Klicken Sie auf den Quellknoten.</translation>
    </message>
    <message>
        <source>Destination</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>FINAL_HOP (-Z)</source>
        <translation>FINAL_HOP (-Z)</translation>
    </message>
    <message>
        <source>Hex</source>
        <translation>Hex</translation>
    </message>
    <message>
        <source>INITIAL_HOP</source>
        <translation>INITIAL_HOP</translation>
    </message>
    <message>
        <source>Now click the destination.</source>
        <translation>Jetzt auf das Ziel klicken.</translation>
    </message>
    <message>
        <source>Pick</source>
        <translation>Wählen</translation>
    </message>
    <message>
        <source>Preview: %1</source>
        <translation>Vorschau: %1</translation>
    </message>
    <message>
        <source>Restore the generated LUT entry</source>
        <translation>Den generierten LUT-Eintrag wiederherstellen</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>Zurücknehmen</translation>
    </message>
    <message>
        <source>Route: %1</source>
        <translation>Route: %1</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>The LUT entry is edited; generated: %1</source>
        <translation>Der LUT-Eintrag ist geändert; generiert: %1</translation>
    </message>
    <message>
        <source>Write this tag into the source&apos;s LUT entry in the running engine</source>
        <translation>Diesen Tag in den LUT-Eintrag der Quelle in der laufenden Simulation schreiben</translation>
    </message>
    <message>
        <source>minus</source>
        <translation>minus</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <source>or type coordinates:</source>
        <translation>oder Koordinaten eingeben:</translation>
    </message>
    <message>
        <source>x,y,z</source>
        <translation>x,y,z</translation>
    </message>
</context>
<context>
    <name>TimelineScrubber</name>
    <message>
        <source>Rewind</source>
        <translation>Zurückspulen</translation>
    </message>
    <message>
        <source>cycle %1</source>
        <translation>Takt %1</translation>
    </message>
    <message>
        <source>%1 (after the current cycle)</source>
        <translation>%1 (nach dem aktuellen Takt)</translation>
    </message>
    <message>
        <source>cycle %1 of %2</source>
        <translation>Takt %1 von %2</translation>
    </message>
    <message>
        <source>checkpoints %1 MB / %2 MB</source>
        <translation>Sicherungspunkte %1 MB / %2 MB</translation>
    </message>
    <message>
        <source>Memory of the rewind checkpoints and its bound: over it, every second checkpoint is dropped.</source>
        <translation>Speicher der Sicherungspunkte zum Zurückspulen und seine Grenze: darüber wird jeder zweite Sicherungspunkt verworfen.</translation>
    </message>
    <message>
        <source>Run on from cycle %1</source>
        <translation>Ab Takt %1 weiterlaufen</translation>
    </message>
    <message>
        <source>Interventions recorded after this cycle: %1.
Keep them (they are applied again at their cycles) or discard them?</source>
        <translation>Nach diesem Takt aufgezeichnete Eingriffe: %1.
Behalten (sie werden in ihren Takten erneut angewandt) oder verwerfen?</translation>
    </message>
    <message>
        <source>Keep</source>
        <translation>Behalten</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>replayed from cycle 0</source>
        <translation>ab Takt 0 wiederholt</translation>
    </message>
    <message>
        <source>This simulation keeps no checkpoints: a rewind runs it again from cycle 0 with your changes at their cycles.</source>
        <translation>Diese Simulation führt keine Sicherungspunkte: Zurückspulen simuliert sie erneut ab Takt 0, mit Ihren Änderungen in ihren Takten.</translation>
    </message>
</context>
<context>
    <name>TorusFamilyView</name>
    <message>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Links</source>
        <translation>Verbindungen</translation>
    </message>
    <message>
        <source>%1 (%2 wrap-around)</source>
        <translation>%1 (%2 Ringschlüsse)</translation>
    </message>
    <message>
        <source>Failed nodes</source>
        <translation>Ausgefallene Knoten</translation>
    </message>
    <message>
        <source>Failed links</source>
        <translation>Ausgefallene Verbindungen</translation>
    </message>
    <message>
        <source>%1 nodes, %2 links, %3 failed</source>
        <translation>%1 Knoten, %2 Verbindungen, %3 ausgefallen</translation>
    </message>
    <message>
        <source>%1 flits/node/cycle</source>
        <translation>%1 Flits/Knoten/Takt</translation>
    </message>
    <message>
        <source>Offered load of the traffic generator, changed live: %1 flits per node per cycle</source>
        <translation>Angebotene Last des Verkehrsgenerators, live geändert: %1 Flits pro Knoten und Takt</translation>
    </message>
    <message>
        <source>Break links</source>
        <translation>Verbindungen trennen</translation>
    </message>
    <message>
        <source>Break mode: a click on a link breaks or repairs it. X or Esc leaves it.</source>
        <translation>Trennmodus: ein Klick auf eine Verbindung trennt oder repariert sie. X oder Esc verlässt ihn.</translation>
    </message>
    <message>
        <source>Slice</source>
        <translation>Schnitt</translation>
    </message>
    <message>
        <source>Show one XY, YZ or XZ plane flat beside the view, with its wrap links at the edges (S)</source>
        <translation>Eine XY-, YZ- oder XZ-Ebene flach neben der Ansicht zeigen, mit ihren Ringschluss-Verbindungen an den Rändern (S)</translation>
    </message>
    <message>
        <source>2D slice</source>
        <translation>2D-Schnitt</translation>
    </message>
    <message>
        <source>Buffers, counters and LUT of the node clicked last, live</source>
        <translation>Puffer, Zähler und LUT des zuletzt angeklickten Knotens, live</translation>
    </message>
    <message>
        <source>Writes the packet events of these cycles (injections, hops with router, port and VC, dateline crossings, adaptive hops, drops with their reason, deliveries) as Chrome/Perfetto trace-event JSON, one track per packet. The run is simulated again from cycle 0 in the background.</source>
        <translation>Schreibt die Paketereignisse dieser Takte (Einspeisungen, Sprünge mit Router, Port und VC, Dateline-Übergänge, adaptive Sprünge, Verwerfungen mit ihrem Grund, Zustellungen) als Chrome/Perfetto-Trace-Event-JSON, eine Spur je Paket. Der Lauf wird dafür im Hintergrund ab Takt 0 erneut simuliert.</translation>
    </message>
    <message>
        <source>X: blue</source>
        <translation>X: blau</translation>
    </message>
    <message>
        <source>Y: green</source>
        <translation>Y: grün</translation>
    </message>
    <message>
        <source>Z: olive</source>
        <translation>Z: oliv</translation>
    </message>
    <message>
        <source>wrap: violet stubs</source>
        <translation>Ringschluss: violette Stummel</translation>
    </message>
    <message>
        <source>Drag: orbit. Wheel: zoom. Click a packet: follow it. With Break links on (X): click a link to break or repair it. Right-click a node: fail or repair it, make it a hot spare. Double-click a node: centre it.</source>
        <translation>Ziehen: drehen. Mausrad: zoomen. Klick auf ein Paket: verfolgen. Im Trennmodus (X): Klick auf eine Verbindung trennt oder repariert sie. Rechtsklick auf einen Knoten: ausfallen lassen oder reparieren, zum Hot Spare machen. Doppelklick auf einen Knoten: zentrieren.</translation>
    </message>
    <message>
        <source>Drag to orbit, wheel to zoom, click a packet to follow it, click a node to inspect it; Break links (X) makes a click break or repair a link.</source>
        <translation>Ziehen dreht, das Mausrad zoomt, ein Klick auf ein Paket verfolgt es, ein Klick auf einen Knoten untersucht ihn; im Trennmodus (X) trennt oder repariert ein Klick eine Verbindung.</translation>
    </message>
    <message>
        <source>Node (router + processor)</source>
        <translation>Knoten (Router + Prozessor)</translation>
    </message>
    <message>
        <source>X link</source>
        <translation>X-Verbindung</translation>
    </message>
    <message>
        <source>Y link</source>
        <translation>Y-Verbindung</translation>
    </message>
    <message>
        <source>Z link</source>
        <translation>Z-Verbindung</translation>
    </message>
    <message>
        <source>Wrap-around link: a stub leaves the last node of a ring and one enters node 0; hover for the far end</source>
        <translation>Ringschluss-Verbindung: ein Stummel verlässt den letzten Knoten eines Rings, einer führt in Knoten 0; Maus darüber zeigt das andere Ende</translation>
    </message>
    <message>
        <source>Green box: a hot spare (right-click a node); it takes over the logical PE of a failed node</source>
        <translation>Grüner Würfel: ein Hot Spare (Rechtsklick auf einen Knoten); er übernimmt das logische PE eines ausgefallenen Knotens</translation>
    </message>
</context>
<context>
    <name>TraceExportDialog</name>
    <message>
        <source>Export trace</source>
        <translation>Trace exportieren</translation>
    </message>
    <message>
        <source>First cycle</source>
        <translation>Erster Takt</translation>
    </message>
    <message>
        <source>Last cycle</source>
        <translation>Letzter Takt</translation>
    </message>
    <message>
        <source>Last cycle: must not be before the first cycle (%1)</source>
        <translation>Letzter Takt: darf nicht vor dem ersten Takt (%1) liegen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportieren…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Trace files (*.json)</source>
        <translation>Trace-Dateien (*.json)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>TraceExporter</name>
    <message>
        <source>cannot write the file (%1)</source>
        <translation>die Datei lässt sich nicht schreiben (%1)</translation>
    </message>
    <message>
        <source>Trace export cancelled; no file written</source>
        <translation>Trace-Export abgebrochen; keine Datei geschrieben</translation>
    </message>
    <message>
        <source>Could not export the trace: %1</source>
        <translation>Der Trace ließ sich nicht exportieren: %1</translation>
    </message>
    <message>
        <source>a trace export is already under way</source>
        <translation>ein Trace-Export läuft bereits</translation>
    </message>
    <message>
        <source>no file chosen</source>
        <translation>keine Datei gewählt</translation>
    </message>
    <message>
        <source>no simulation to trace</source>
        <translation>keine Simulation für einen Trace</translation>
    </message>
    <message>
        <source>the simulation did not answer; nothing was written</source>
        <translation>die Simulation hat nicht geantwortet; nichts wurde geschrieben</translation>
    </message>
    <message>
        <source>this simulation keeps no recording</source>
        <translation>diese Simulation führt keine Aufzeichnung</translation>
    </message>
    <message>
        <source>First cycle: must be from 0 to %1 (the cycle the run has reached), got %2</source>
        <translation>Erster Takt: muss zwischen 0 und %1 liegen (dem Takt, den der Lauf erreicht hat), ist %2</translation>
    </message>
    <message>
        <source>Last cycle: must be from the first cycle (%1) to %2 (the cycle the run has reached), got %3</source>
        <translation>Letzter Takt: muss zwischen dem ersten Takt (%1) und %2 liegen (dem Takt, den der Lauf erreicht hat), ist %3</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Trace: %1 events written to %2 (cycles %3..%4)</source>
        <translation>Trace: %1 Ereignisse nach %2 geschrieben (Takte %3..%4)</translation>
    </message>
</context>
<context>
    <name>UserGuideDialog</name>
    <message>
        <source>Flitscope user guide</source>
        <translation>Flitscope-Benutzerhandbuch</translation>
    </message>
</context>
<context>
    <name>VcBalanceController</name>
    <message>
        <source>apply optimized VC tables</source>
        <translation>optimierte VC-Tabellen übernehmen</translation>
    </message>
</context>
<context>
    <name>VcBalancePanel</name>
    <message>
        <source>No ring of this network has two VCs to balance.</source>
        <translation>Kein Ring dieses Netzes hat zwei VCs zum Ausgleichen.</translation>
    </message>
    <message>
        <source>ring</source>
        <translation>Ring</translation>
    </message>
    <message>
        <source>subring</source>
        <translation>Teilring</translation>
    </message>
    <message>
        <source>avg / max</source>
        <translation>Mittel / Max.</translation>
    </message>
    <message>
        <source>optimized</source>
        <translation>optimiert</translation>
    </message>
    <message>
        <source>whole</source>
        <translation>ganz</translation>
    </message>
    <message>
        <source>Tables</source>
        <translation>Tabellen</translation>
    </message>
    <message>
        <source>T3E: 8 entries</source>
        <translation>T3E: 8 Einträge</translation>
    </message>
    <message>
        <source>Full: one per ordinate</source>
        <translation>Voll: einer je Koordinate</translation>
    </message>
    <message>
        <source>T3E: the hardware&apos;s 8 VC-table entries per direction, indexed by the low three bits of the destination ordinate; full: one entry per ordinate</source>
        <translation>T3E: die 8 VC-Tabelleneinträge der Hardware je Richtung, indiziert mit den unteren drei Bits der Zielkoordinate; voll: ein Eintrag je Koordinate</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>Simulated-annealing steps per distinct ring (the command line&apos;s --iterations)</source>
        <translation>Schritte des Simulated Annealing je verschiedenem Ring (--iterations auf der Kommandozeile)</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>Startwert</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Optimize</source>
        <translation>Optimieren</translation>
    </message>
    <message>
        <source>Search VC tables that balance the whole rings and their subrings (the paper&apos;s simulated annealing), in the background</source>
        <translation>Sucht im Hintergrund VC-Tabellen, die die ganzen Ringe und ihre Teilringe ausgleichen (das Simulated Annealing des Artikels)</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Anwenden</translation>
    </message>
    <message>
        <source>Put the optimized tables in the routers now (checked for deadlock first; undo and rewind see it)</source>
        <translation>Die optimierten Tabellen jetzt in die Router laden (vorher auf Verklemmung geprüft; Rückspulen sieht es)</translation>
    </message>
    <message>
        <source>Show on the links (%1)</source>
        <translation>Auf den Verbindungen zeigen (%1)</translation>
    </message>
    <message>
        <source>Overlay: the optimized tables</source>
        <translation>Überlagerung: die optimierten Tabellen</translation>
    </message>
    <message>
        <source>share of the routes on VC0, along each channel</source>
        <translation>Anteil der Routen auf VC0, entlang jedes Kanals</translation>
    </message>
    <message>
        <source>share on VC1 (all of it after a dateline)</source>
        <translation>Anteil auf VC1 (alles nach einer Dateline)</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Startwert</translation>
    </message>
</context>
<context>
    <name>VcOccupancyChart</name>
    <message>
        <source>VC occupancy (fraction of buffer)</source>
        <translation>VC-Belegung (Anteil des Puffers)</translation>
    </message>
    <message>
        <source>cycle</source>
        <translation>Takt</translation>
    </message>
</context>
<context>
    <name>VcPalette</name>
    <message>
        <source>barrier VC</source>
        <translation>Barrieren-VC</translation>
    </message>
    <message>
        <source>%1 (VC %2)</source>
        <translation>%1 (VC %2)</translation>
    </message>
    <message>
        <source>VC0</source>
        <translation>VC0</translation>
    </message>
    <message>
        <source>VC1</source>
        <translation>VC1</translation>
    </message>
    <message>
        <source>response VC0</source>
        <translation>Antwort VC0</translation>
    </message>
    <message>
        <source>response VC1</source>
        <translation>Antwort VC1</translation>
    </message>
    <message>
        <source>adaptive</source>
        <translation>adaptiv</translation>
    </message>
    <message>
        <source>request VC0</source>
        <translation>Anfrage VC0</translation>
    </message>
    <message>
        <source>request VC1</source>
        <translation>Anfrage VC1</translation>
    </message>
</context>
<context>
    <name>ViewButtonsRow</name>
    <message>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <source>Show the whole network (F)</source>
        <translation>Das ganze Netz zeigen (F)</translation>
    </message>
    <message>
        <source>Zoom in (+ or mouse wheel)</source>
        <translation>Vergrößern (+ oder Mausrad)</translation>
    </message>
    <message>
        <source>Zoom out (- or mouse wheel)</source>
        <translation>Verkleinern (- oder Mausrad)</translation>
    </message>
    <message>
        <source>Heat</source>
        <translation>Auslastung</translation>
    </message>
    <message>
        <source>Colour links by utilization (H)</source>
        <translation>Verbindungen nach Auslastung färben (H)</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Alter</translation>
    </message>
    <message>
        <source>Colour packets by their age under the age arbiter instead of by virtual channel (A)</source>
        <translation>Pakete nach ihrem Alter unter dem Alters-Arbiter statt nach virtuellem Kanal färben (A)</translation>
    </message>
    <message>
        <source>Colour by age needs the age arbiter (Cray XT); this machine&apos;s arbiter is %1. Switch it under Arbitration in the side panel.</source>
        <translation>Färben nach Alter braucht den Alters-Arbiter (Cray XT); der Arbiter dieser Maschine ist %1. Umschalten unter Arbitrierung in der Seitenleiste.</translation>
    </message>
    <message>
        <source>the T3E&apos;s</source>
        <translation>der des T3E</translation>
    </message>
    <message>
        <source>round robin</source>
        <translation>Round Robin</translation>
    </message>
    <message>
        <source>Reset the camera to the initial view (Home)</source>
        <translation>Die Kamera auf die Anfangsansicht zurücksetzen (Pos1)</translation>
    </message>
    <message>
        <source>Break mode is on: a click on a link breaks or repairs it. Click here, press X or Esc to leave it.</source>
        <translation>Der Trennmodus ist an: ein Klick auf eine Verbindung trennt oder repariert sie. Hier klicken, X oder Esc drücken, um ihn zu verlassen.</translation>
    </message>
    <message>
        <source>Turn on break mode: then a click on a link breaks or repairs it (X). B breaks the link under the mouse at any time.</source>
        <translation>Trennmodus einschalten: dann trennt oder repariert ein Klick auf eine Verbindung diese (X). B trennt jederzeit die Verbindung unter der Maus.</translation>
    </message>
</context>
<context>
    <name>ViewMenu</name>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Fit the network</source>
        <translation>Netz einpassen</translation>
    </message>
    <message>
        <source>Initial view</source>
        <translation>Ausgangsansicht</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>Vergrößern</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>Verkleinern</translation>
    </message>
    <message>
        <source>Expand every unit tree into its RN1s</source>
        <translation>Jeden Unit Tree in seine RN1 aufklappen</translation>
    </message>
    <message>
        <source>Collapse every unit tree into one shape</source>
        <translation>Jeden Unit Tree zu einer Form zuklappen</translation>
    </message>
    <message>
        <source>Heat map</source>
        <translation>Auslastungskarte</translation>
    </message>
    <message>
        <source>Detour of the last break or repair</source>
        <translation>Umweg der letzten Trennung oder Reparatur</translation>
    </message>
    <message>
        <source>Presenter mode</source>
        <translation>Präsentationsmodus</translation>
    </message>
    <message>
        <source>Node labels</source>
        <translation>Knotenbeschriftung</translation>
    </message>
    <message>
        <source>Times in ns, bandwidth in MB/s</source>
        <translation>Zeiten in ns, Bandbreite in MB/s</translation>
    </message>
    <message>
        <source>Legend</source>
        <translation>Legende</translation>
    </message>
    <message>
        <source>Colour by age</source>
        <translation>Nach Alter färben</translation>
    </message>
    <message>
        <source>Barrier tree</source>
        <translation>Barrierenbaum</translation>
    </message>
    <message>
        <source>VC balance</source>
        <translation>VC-Ausgleich</translation>
    </message>
    <message>
        <source>Next plane</source>
        <translation>Nächste Ebene</translation>
    </message>
    <message>
        <source>Previous plane</source>
        <translation>Vorige Ebene</translation>
    </message>
    <message>
        <source>Deadlock lab</source>
        <translation>Deadlock-Labor</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>Diagramme</translation>
    </message>
    <message>
        <source>Node inspector</source>
        <translation>Knoteninspektor</translation>
    </message>
    <message>
        <source>Routing tag editor</source>
        <translation>Routing-Tag-Editor</translation>
    </message>
    <message>
        <source>Arbitration</source>
        <translation>Arbitrierung</translation>
    </message>
</context>
<context>
    <name>ViewMessages</name>
    <message>
        <source>%1 is not a hot spare.</source>
        <translation>%1 ist kein Hot Spare.</translation>
    </message>
    <message>
        <source>%1 is a hot spare and holds the logical PE of failed node %2: traffic for that PE now goes to it.</source>
        <translation>%1 ist ein Hot Spare und trägt das logische PE des ausgefallenen Knotens %2: Verkehr für dieses PE geht jetzt dorthin.</translation>
    </message>
    <message>
        <source>%1 is a hot spare, standing by: it takes over the logical PE of the next node that fails.</source>
        <translation>%1 ist ein Hot Spare in Bereitschaft: Er übernimmt das logische PE des nächsten Knotens, der ausfällt.</translation>
    </message>
    <message>
        <source>Presenter mode: F5 leaves it. Page Down steps 10 cycles on, Page Up 10 back; Space runs or pauses.</source>
        <translation>Präsentationsmodus: F5 verlässt ihn. Bild ab geht 10 Takte weiter, Bild auf 10 zurück; Leertaste startet oder hält an.</translation>
    </message>
    <message>
        <source>A click does not break links: press B over the link, or turn on Break links (X) and click it.</source>
        <translation>Ein Klick trennt keine Verbindung: B über der Verbindung drücken oder den Trennmodus (X) einschalten und sie anklicken.</translation>
    </message>
    <message>
        <source>Could not open the scenario: %1</source>
        <translation>Das Szenario konnte nicht geöffnet werden: %1</translation>
    </message>
</context>
<context>
    <name>ViewMouse</name>
    <message>
        <source>click follows it</source>
        <translation>Klick verfolgt es</translation>
    </message>
</context>
<context>
    <name>flitgui::ArbitrationCharts</name>
    <message>
        <source>Bar chart %1: not a bar set</source>
        <translation>Balkendiagramm %1: keine Balkenreihe</translation>
    </message>
</context>
<context>
    <name>flitgui::Autosave</name>
    <message>
        <source>an unnamed scenario</source>
        <translation>ein unbenanntes Szenario</translation>
    </message>
    <message>
        <source>Autosave: %1</source>
        <translation>Automatisches Sichern: %1</translation>
    </message>
    <message>
        <source>Restore: %1</source>
        <translation>Wiederherstellen: %1</translation>
    </message>
    <message>
        <source>%1, cycle %2, %3</source>
        <translation>%1, Takt %2, %3</translation>
    </message>
    <message>
        <source>1 change</source>
        <translation>1 Änderung</translation>
    </message>
    <message>
        <source>%1 changes</source>
        <translation>%1 Änderungen</translation>
    </message>
    <message>
        <source>Autosave: the view could not be read (%1)</source>
        <translation>Automatisches Sichern: die Ansicht war nicht lesbar (%1)</translation>
    </message>
    <message>
        <source>Autosave: %1 windows already keep their runs; this one keeps nothing</source>
        <translation>Automatisches Sichern: %1 Fenster sichern bereits ihre Läufe; dieses sichert nichts</translation>
    </message>
</context>
<context>
    <name>flitgui::ChartFeeder</name>
    <message>
        <source>Chart series %1: not an XY series</source>
        <translation>Diagrammreihe %1: keine XY-Reihe</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Could not write %1: no window</source>
        <translation>%1 konnte nicht geschrieben werden: kein Fenster</translation>
    </message>
    <message>
        <source>Could not write %1</source>
        <translation>%1 konnte nicht geschrieben werden</translation>
    </message>
</context>
<context>
    <name>flitgui::CircuitSweep</name>
    <message>
        <source>Sweep: no fat-tree is shown (the sweep view is for fat-tree scenarios)</source>
        <translation>Lastreihe: kein Fat-Tree angezeigt (die Lastreihe ist für Fat-Tree-Szenarien)</translation>
    </message>
    <message>
        <source>Sweep cancelled: %1 of %2 loads done</source>
        <translation>Lastreihe abgebrochen: %1 von %2 Lasten fertig</translation>
    </message>
    <message>
        <source>Sweep: %1</source>
        <translation>Lastreihe: %1</translation>
    </message>
    <message>
        <source>Sweep view: not an XY series</source>
        <translation>Lastreihe: keine XY-Reihe</translation>
    </message>
    <message>
        <source>At rate %1: loading %2, first-attempt success %3 %, %4 attempts per message, %5 given up</source>
        <translation>Bei Rate %1: Netzlast %2, Erfolg im ersten Versuch %3 %, %4 Versuche je Nachricht, %5 aufgegeben</translation>
    </message>
</context>
<context>
    <name>flitgui::LessonController</name>
    <message>
        <source>%1: cannot open the file</source>
        <translation>%1: Die Datei kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: lesson.scenario: %2</source>
        <translation>%1: lesson.scenario: %2</translation>
    </message>
    <message>
        <source>no network</source>
        <translation>kein Netz</translation>
    </message>
    <message>
        <source>Show me: %1 cannot %2 here</source>
        <translation>Zeig es mir: %1 kann hier nicht %2</translation>
    </message>
    <message>
        <source>Show me: this network has no link %1</source>
        <translation>Zeig es mir: Dieses Netz hat keine Verbindung %1</translation>
    </message>
    <message>
        <source>Show me: this network has no node %1</source>
        <translation>Zeig es mir: Dieses Netz hat keinen Knoten %1</translation>
    </message>
    <message>
        <source>Show me: no packet is on a link now; run a few cycles first</source>
        <translation>Zeig es mir: Gerade ist kein Paket auf einer Verbindung; lassen Sie zuerst einige Takte laufen</translation>
    </message>
    <message>
        <source>Show me: route &quot;%1&quot; is not &quot;source &gt; destination&quot;</source>
        <translation>Zeig es mir: Route „%1“ hat nicht die Form „Quelle &gt; Ziel“</translation>
    </message>
    <message>
        <source>Show me: %1</source>
        <translation>Zeig es mir: %1</translation>
    </message>
    <message>
        <source>Show me: setTagField &quot;%1&quot; is not &quot;field=number&quot;</source>
        <translation>Zeig es mir: setTagField „%1“ hat nicht die Form „Feld=Zahl“</translation>
    </message>
    <message>
        <source>Show me: no special packet can leave (0,0,0) now</source>
        <translation>Zeig es mir: jetzt kann kein Spezialpaket (0,0,0) verlassen</translation>
    </message>
</context>
<context>
    <name>flitgui::NodeInspector</name>
    <message>
        <source>+X</source>
        <translation>+X</translation>
    </message>
    <message>
        <source>+Y</source>
        <translation>+Y</translation>
    </message>
    <message>
        <source>+Z</source>
        <translation>+Z</translation>
    </message>
    <message>
        <source>-X</source>
        <translation>-X</translation>
    </message>
    <message>
        <source>-Y</source>
        <translation>-Y</translation>
    </message>
    <message>
        <source>-Z</source>
        <translation>-Z</translation>
    </message>
    <message>
        <source>node %1</source>
        <translation>Knoten %1</translation>
    </message>
    <message>
        <source>processor</source>
        <translation>Prozessor</translation>
    </message>
    <message>
        <source>Hot spare: holds logical PE %1 of failed %2; traffic for that PE is delivered here.</source>
        <translation>Hot Spare: trägt das logische PE %1 des ausgefallenen Knotens (%2); Verkehr für dieses PE wird hier zugestellt.</translation>
    </message>
    <message>
        <source>Hot spare, standing by (logical PE %1): takes over the PE of the next node that fails.</source>
        <translation>Hot Spare in Bereitschaft (logisches PE %1): übernimmt das PE des nächsten Knotens, der ausfällt.</translation>
    </message>
    <message>
        <source>Logical PE %1 (its own went to the hot spare %2).</source>
        <translation>Logisches PE %1 (sein eigenes ging an den Hot Spare %2).</translation>
    </message>
    <message>
        <source>Logical PE %1.</source>
        <translation>Logisches PE %1.</translation>
    </message>
    <message>
        <source>out</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>in</source>
        <translation>ein</translation>
    </message>
    <message>
        <source>dir %1.%2</source>
        <translation>Richtung %1.%2</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>nicht verbunden</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>Endpoint: two channels up into the network, its down channels below (in); %1 transmissions of its own discarded since inspected.</source>
        <translation>Endpunkt: zwei Kanäle hinauf ins Netz, darunter seine Kanäle herab (ein); seit der Auswahl %1 eigene Übertragungen verworfen.</translation>
    </message>
    <message>
        <source>two 4x4 crossbars of dilation 1 (dual mode)</source>
        <translation>zwei 4x4-Koppelfelder mit Dilatation 1 (Doppelmodus)</translation>
    </message>
    <message>
        <source>one 4x4 crossbar of dilation 2</source>
        <translation>ein 4x4-Koppelfeld mit Dilatation 2</translation>
    </message>
    <message>
        <source>FAILED. </source>
        <translation>AUSGEFALLEN. </translation>
    </message>
    <message>
        <source>%1; connections through it now: %2; discarded here since inspected: %3 busy, %4 by a fault.</source>
        <translation>%1; Verbindungen jetzt hindurch: %2; hier verworfen seit der Auswahl: %3 belegt, %4 durch Ausfall.</translation>
    </message>
</context>
<context>
    <name>flitgui::RebuildOutcome</name>
    <message>
        <source>No route has changed yet: break a link (X, then click it).</source>
        <translation>Noch keine Route hat sich geändert: eine Verbindung trennen (X, dann anklicken).</translation>
    </message>
    <message>
        <source>The last route rebuild</source>
        <translation>Der letzte Neuaufbau der Routen</translation>
    </message>
    <message>
        <source>%1: %2 routes changed.</source>
        <translation>%1: %2 Routen geändert.</translation>
    </message>
    <message>
        <source>Rebuild refused, the old routes are kept: %1</source>
        <translation>Neuaufbau abgelehnt, die alten Routen bleiben: %1</translation>
    </message>
    <message>
        <source>Routes rebuilt in %1 ms.</source>
        <translation>Routen in %1 ms neu aufgebaut.</translation>
    </message>
    <message>
        <source>Rebuild rejected (its routes could deadlock), the old routes are kept.</source>
        <translation>Neuaufbau verworfen (seine Routen könnten sich verklemmen), die alten Routen bleiben.</translation>
    </message>
    <message>
        <source>%1 table entries take another route, %2 switch adaptive routing; %3 detour around failures now.</source>
        <translation>%1 Tabelleneinträge nehmen eine andere Route, %2 schalten das adaptive Routing um; %3 umgehen jetzt Ausfälle.</translation>
    </message>
    <message>
        <source>Deadlock-free: the channel dependency graph of the routes is acyclic (Dally and Seitz, Theorem 1).</source>
        <translation>Verklemmungsfrei: der Kanalabhängigkeitsgraph der Routen ist azyklisch (Dally und Seitz, Satz 1).</translation>
    </message>
    <message>
        <source>Not deadlock-free: the channel dependency graph has the cycle %1</source>
        <translation>Nicht verklemmungsfrei: der Kanalabhängigkeitsgraph hat den Zyklus %1</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 nach %2</translation>
    </message>
    <message>
        <source>rebuild refused</source>
        <translation>Neuaufbau abgelehnt</translation>
    </message>
    <message>
        <source>rebuild rejected</source>
        <translation>Neuaufbau verworfen</translation>
    </message>
    <message>
        <source>routes fixed</source>
        <translation>Routen fest</translation>
    </message>
    <message>
        <source>%1 routes changed</source>
        <translation>%1 Routen geändert</translation>
    </message>
    <message>
        <source>%1 unreachable pairs</source>
        <translation>%1 unerreichbare Paare</translation>
    </message>
    <message>
        <source>deadlock-free</source>
        <translation>verklemmungsfrei</translation>
    </message>
    <message>
        <source>NOT deadlock-free</source>
        <translation>NICHT verklemmungsfrei</translation>
    </message>
    <message>
        <source>%1: routes are fixed on this machine; %2 pairs cannot be reached.</source>
        <translation>%1: die Routen dieser Maschine sind fest; %2 Paare sind nicht erreichbar.</translation>
    </message>
    <message>
        <source>This routing fixes every route: pairs whose route meets a failure are refused at their source.</source>
        <translation>Dieses Routing legt jede Route fest: Paare, deren Route auf einen Ausfall trifft, werden an ihrer Quelle abgewiesen.</translation>
    </message>
    <message>
        <source>%1 pairs take another route; %2 detour around failures now (dimension order with turn rules: the other way round a ring, or a first hop in +X, +Y or +Z).</source>
        <translation>%1 Paare nehmen eine andere Route; %2 umgehen jetzt Ausfälle (Dimensionsordnung mit Abbiegeregeln: andersherum um einen Ring oder ein erster Sprung in +X, +Y oder +Z).</translation>
    </message>
    <message>
        <source>For %1 more pairs only the packets whose half-ring tie was drawn the other way change path.</source>
        <translation>Für %1 weitere Paare ändern nur die Pakete ihren Pfad, deren Gleichstand auf dem halben Ring andersherum gezogen wurde.</translation>
    </message>
    <message>
        <source>%1 pairs no such route reaches go in two legs: out of the network at a relay node, and in again.</source>
        <translation>%1 Paare, die keine solche Route erreicht, gehen in zwei Etappen: an einem Relaisknoten aus dem Netz hinaus und wieder hinein.</translation>
    </message>
</context>
<context>
    <name>flitgui::SaveWhole</name>
    <message>
        <source>the disk took %1 of %2 bytes%3</source>
        <translation>die Festplatte nahm %1 von %2 Bytes an%3</translation>
    </message>
</context>
<context>
    <name>flitgui::SimulationController</name>
    <message>
        <source>%1: cannot open the file</source>
        <translation>%1: die Datei kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>traffic pattern %1</source>
        <translation>Verkehrsmuster %1</translation>
    </message>
    <message>
        <source>injection rate %1</source>
        <translation>Einspeiserate %1</translation>
    </message>
    <message>
        <source>adaptive routing on</source>
        <translation>adaptives Routing ein</translation>
    </message>
    <message>
        <source>adaptive routing off</source>
        <translation>adaptives Routing aus</translation>
    </message>
    <message>
        <source>arbiter %1</source>
        <translation>Arbiter %1</translation>
    </message>
    <message>
        <source>age clock period %1</source>
        <translation>Periode der Altersuhr %1</translation>
    </message>
    <message>
        <source>%1 response age bias %2</source>
        <translation>%1-Alterszuschlag für Antworten %2</translation>
    </message>
    <message>
        <source>%1 request age bias %2</source>
        <translation>%1-Alterszuschlag für Anfragen %2</translation>
    </message>
    <message>
        <source>hot spare %1</source>
        <translation>%1 als Hot Spare</translation>
    </message>
    <message>
        <source>no hot spare %1</source>
        <translation>%1 nicht als Hot Spare</translation>
    </message>
    <message>
        <source>traffic pattern &apos;%1&apos;: must be one of %2</source>
        <translation>Verkehrsmuster &apos;%1&apos;: muss eines von %2 sein</translation>
    </message>
    <message>
        <source>router.arbiter: must be one of %1, got &quot;%2&quot;</source>
        <translation>router.arbiter: muss eines von %1 sein, erhalten „%2“</translation>
    </message>
    <message>
        <source>engine threads: must be 1 to %1, got %2</source>
        <translation>Engine-Threads: muss 1 bis %1 sein, nicht %2</translation>
    </message>
</context>
<context>
    <name>flitgui::TagEditor</name>
    <message>
        <source> (dateline crossed on VC1!)</source>
        <translation> (Dateline auf VC1 überquert!)</translation>
    </message>
    <message>
        <source> (dateline: VC0 to VC1)</source>
        <translation> (Dateline: VC0 nach VC1)</translation>
    </message>
    <message>
        <source>%1 %2 on VC%3</source>
        <translation>%1 %2 auf VC%3</translation>
    </message>
    <message>
        <source>%1 to the processor</source>
        <translation>%1 an den Prozessor</translation>
    </message>
    <message>
        <source>%1 off the network (misroute)</source>
        <translation>%1 aus dem Netz (Fehlleitung)</translation>
    </message>
    <message>
        <source>%1: %2 is out of range</source>
        <translation>%1: %2 liegt außerhalb des Bereichs</translation>
    </message>
    <message>
        <source>%1: give %2 coordinates separated by commas, e.g. %3</source>
        <translation>%1: %2 Koordinaten durch Kommas getrennt angeben, z. B. %3</translation>
    </message>
    <message>
        <source>%1: coordinate %2 must be 0..%3 (got &quot;%4&quot;)</source>
        <translation>%1: Koordinate %2 muss 0..%3 sein (erhalten: &quot;%4&quot;)</translation>
    </message>
    <message>
        <source>%1: no scenario loaded</source>
        <translation>%1: kein Szenario geladen</translation>
    </message>
    <message>
        <source>%1: no such routing tag field</source>
        <translation>%1: kein solches Routing-Tag-Feld</translation>
    </message>
    <message>
        <source>tag: &quot;%1&quot; is not 1 to 16 hex digits</source>
        <translation>tag: &quot;%1&quot; sind nicht 1 bis 16 Hexadezimalziffern</translation>
    </message>
    <message>
        <source>Crosses the dateline at %1 already on VC1 (dateline violation).</source>
        <translation>Überquert die Dateline bei %1 bereits auf VC1 (Datelinesverletzung).</translation>
    </message>
    <message>
        <source>Misroute: the packet never reaches %1 (%2; manual R_ERR0 bit 56).</source>
        <translation>Fehlleitung: das Paket erreicht %1 nie (%2; Handbuch R_ERR0 Bit 56).</translation>
    </message>
    <message>
        <source>Tag: %1</source>
        <translation>Tag: %1</translation>
    </message>
    <message>
        <source>The path reaches a failed link at %1.</source>
        <translation>Der Weg trifft bei %1 auf eine ausgefallene Verbindung.</translation>
    </message>
    <message>
        <source>This scenario routes without routing tags (dimension order): nothing to edit.</source>
        <translation>Dieses Szenario routet ohne Routing-Tags (Dimensionsreihenfolge): nichts zu bearbeiten.</translation>
    </message>
    <message>
        <source>blocked: the next link has failed</source>
        <translation>blockiert: die nächste Verbindung ist ausgefallen</translation>
    </message>
    <message>
        <source>delivered</source>
        <translation>zugestellt</translation>
    </message>
    <message>
        <source>destination</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>misroute: delivered to the wrong node</source>
        <translation>Fehlleitung: an den falschen Knoten zugestellt</translation>
    </message>
    <message>
        <source>misroute: the route leaves the topology</source>
        <translation>Fehlleitung: die Route verlässt die Topologie</translation>
    </message>
    <message>
        <source>node %1</source>
        <translation>Knoten %1</translation>
    </message>
    <message>
        <source>LUT mode %1: this entry serves %2 destinations, and the router takes X_ADR and Y_ADR bit 0 from the destination&apos;s PE number (manual Table 6); the preview shows the tag it will use.</source>
        <translation>LUT-Modus %1: dieser Eintrag dient %2 Zielen, und der Router nimmt Bit 0 von X_ADR und Y_ADR aus der PE-Nummer des Ziels (Handbuch Tabelle 6); die Vorschau zeigt den Tag, den er verwenden wird.</translation>
    </message>
    <message>
        <source>loop: the route comes back to where it was and never ends</source>
        <translation>Schleife: die Route kehrt an ihren Ausgangspunkt zurück und endet nie</translation>
    </message>
    <message>
        <source>restore LUT entry %1 to %2</source>
        <translation>LUT-Eintrag %1 nach %2 wiederherstellen</translation>
    </message>
    <message>
        <source>LUT entry %1 to %2</source>
        <translation>LUT-Eintrag %1 nach %2</translation>
    </message>
</context>
<context>
    <name>flitgui::ViewSettings</name>
    <message>
        <source>No labels</source>
        <translation>Keine Beschriftung</translation>
    </message>
    <message>
        <source>Coordinates</source>
        <translation>Koordinaten</translation>
    </message>
    <message>
        <source>Logical PE numbers</source>
        <translation>Logische PE-Nummern</translation>
    </message>
    <message>
        <source>Physical PE numbers (0xZZYYXX)</source>
        <translation>Physische PE-Nummern (0xZZYYXX)</translation>
    </message>
</context>
<context>
    <name>flitscope</name>
    <message>
        <source>Flitscope: simulator and 3D view of interconnection networks (tori and fat-trees).</source>
        <translation>Flitscope: Simulator und 3D-Ansicht von Verbindungsnetzen (Tori und Fat-Trees).</translation>
    </message>
    <message>
        <source>Scenario JSON file to open (default: the teaching 4x4x4 torus).</source>
        <translation>Zu öffnende Szenario-JSON-Datei (Vorgabe: der 4x4x4-Lehrtorus).</translation>
    </message>
    <message>
        <source>file</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Render the first complete frame to this PNG file and exit.</source>
        <translation>Das erste vollständige Bild in diese PNG-Datei zeichnen und beenden.</translation>
    </message>
    <message>
        <source>png</source>
        <translation>png</translation>
    </message>
    <message>
        <source>Window size, e.g. 1280x800.</source>
        <translation>Fenstergröße, z. B. 1280x800.</translation>
    </message>
    <message>
        <source>WxH</source>
        <translation>BxH</translation>
    </message>
    <message>
        <source>Orbit the camera for N frames, print the frame rate and exit.</source>
        <translation>Die Kamera N Bilder lang drehen, die Bildrate ausgeben und beenden.</translation>
    </message>
    <message>
        <source>unexpected argument: %1</source>
        <translation>unerwartetes Argument: %1</translation>
    </message>
    <message>
        <source>--size: expected WxH between 200x150 and 8192x8192, got %1</source>
        <translation>--size: BxH zwischen 200x150 und 8192x8192 erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>--benchmark-frames: expected a positive number, got %1</source>
        <translation>--benchmark-frames: positive Zahl erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>Simulate N cycles at full speed first (with --screenshot: the picture after N cycles).</source>
        <translation>Zuerst N Takte mit voller Geschwindigkeit simulieren (mit --screenshot: das Bild nach N Takten).</translation>
    </message>
    <message>
        <source>--run-cycles: expected a positive number, got %1</source>
        <translation>--run-cycles: positive Zahl erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>Break this link at start, as a click on it would (repeatable), e.g. 1,0,0:+Y.</source>
        <translation>Diese Verbindung beim Start unterbrechen, wie ein Klick darauf (wiederholbar), z. B. 1,0,0:+Y.</translation>
    </message>
    <message>
        <source>Open the 2D slice beside the 3D view on this plane, e.g. XY:3 (the XY plane at Z = 3); planes XY, YZ, XZ.</source>
        <translation>Den 2D-Schnitt neben der 3D-Ansicht auf dieser Ebene öffnen, z. B. XY:3 (die XY-Ebene bei Z = 3); Ebenen XY, YZ, XZ.</translation>
    </message>
    <message>
        <source>Open the live charts below the view.</source>
        <translation>Die Live-Diagramme unter der Ansicht öffnen.</translation>
    </message>
    <message>
        <source>Colour the packets by their age (needs the age arbiter).</source>
        <translation>Die Pakete nach ihrem Alter färben (braucht den Alters-Arbiter).</translation>
    </message>
    <message>
        <source>Open the Synchronization section and show the barrier tree (scenarios with sync.trees).</source>
        <translation>Den Bereich Synchronisation öffnen und den Barrierenbaum zeigen (Szenarien mit sync.trees).</translation>
    </message>
    <message>
        <source>Open the deadlock lab: the VC rule, the channel dependency graph, the deadlock&apos;s cycle (Ctrl+D).</source>
        <translation>Das Deadlock-Labor öffnen: die VC-Regel, der Kanalabhängigkeitsgraph, der Zyklus der Verklemmung (Strg+D).</translation>
    </message>
    <message>
        <source>Open the VC balance section and show the VC-balance overlay (V).</source>
        <translation>Den Abschnitt VC-Ausgleich öffnen und die VC-Ausgleich-Überlagerung zeigen (V).</translation>
    </message>
    <message>
        <source>Colour the links by their load (load, as H) or by its change since the last intervention (change, as Shift+H).</source>
        <translation>Die Verbindungen nach ihrer Last färben (load, wie H) oder nach deren Änderung seit dem letzten Eingriff (change, wie Umschalt+H).</translation>
    </message>
    <message>
        <source>--heat: must be load or change, got %1</source>
        <translation>--heat: muss load oder change sein, nicht %1</translation>
    </message>
    <message>
        <source>Draw up to N flits one by one (default 50000); with more in flight each link shows its flits by colour.</source>
        <translation>Bis zu N Flits einzeln zeichnen (Vorgabe 50000); sind mehr unterwegs, zeigt jede Verbindung ihre Flits als Farbe.</translation>
    </message>
    <message>
        <source>--max-flits: expected a number of flits (0 or more), got %1</source>
        <translation>--max-flits: eine Anzahl Flits (0 oder mehr) erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>Open a fat-tree&apos;s map beside the 3D view (a torus has --slice).</source>
        <translation>Die Karte eines Fat-Trees neben der 3D-Ansicht öffnen (ein Torus hat --slice).</translation>
    </message>
    <message>
        <source>Start in presenter mode (as F5): full screen, larger type, Page Up / Down step.</source>
        <translation>Im Präsentationsmodus starten (wie F5): Vollbild, größere Schrift, Bild auf / ab schaltet weiter.</translation>
    </message>
    <message>
        <source>Open a guided lesson at start: its number in Help &gt; Lessons (1, 2, ...) or a lesson file. It loads its own scenario.</source>
        <translation>Beim Start eine geführte Lektion öffnen: ihre Nummer unter Hilfe &gt; Lektionen (1, 2, ...) oder eine Lektionsdatei. Sie lädt ihr eigenes Szenario.</translation>
    </message>
    <message>
        <source>--lesson loads the lesson&apos;s own scenario: leave out --scenario</source>
        <translation>--lesson lädt das eigene Szenario der Lektion: Lassen Sie --scenario weg</translation>
    </message>
    <message>
        <source>Switch the running engine&apos;s arbiter at start: one of %1.</source>
        <translation>Beim Start den Arbiter der laufenden Engine umschalten: einer von %1.</translation>
    </message>
    <message>
        <source>Keep the run on disk every N seconds, to restore it after a crash (default 5; 0: off).</source>
        <translation>Den Lauf alle N Sekunden auf der Festplatte aufbewahren, um ihn nach einem Absturz wiederherzustellen (Vorgabe 5; 0: aus).</translation>
    </message>
    <message>
        <source>--autosave-seconds: expected a number of seconds (0 or more), got %1</source>
        <translation>--autosave-seconds: Anzahl Sekunden (0 oder mehr) erwartet, erhalten %1</translation>
    </message>
    <message>
        <source>--arbiter: must be one of %1, got %2</source>
        <translation>--arbiter: muss einer von %1 sein, erhalten %2</translation>
    </message>
    <message>
        <source>Print the version and the versions of the file formats it reads, and exit.</source>
        <translation>Die Version und die Versionen der Dateiformate ausgeben, die es liest, und beenden.</translation>
    </message>
    <message>
        <source>--engine-threads: expected a number of threads (0 to 64), got %1</source>
        <translation>--engine-threads: eine Anzahl Threads (0 bis 64) erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>Run each simulated cycle on N threads (0: the cores the view leaves, at most 4; without it: the count last chosen in Simulation &gt; Engine threads, else 0; the results are the same for any N).</source>
        <translation>Jeden simulierten Takt auf N Threads rechnen (0: die Kerne, die die Ansicht übrig lässt, höchstens 4; ohne die Option: die zuletzt unter Simulation &gt; Engine-Threads gewählte Zahl, sonst 0; die Ergebnisse sind für jedes N dieselben).</translation>
    </message>
</context>
</TS>
