// Bot decision times in Pyodide (under Node.js), bids and card play apart: the same wheel the site ships.
// Usage: node bench/pyodide_bots.mjs [site-dir] [deals] [rules]   (after `python build.py`;
// rules: a rules string, standard if not given, e.g. standard,convention=ace-showing)
import { bootPyodide } from "./pyodide_boot.mjs";

const pyodide = await bootPyodide(process.argv[2]);
const deals = Number(process.argv[3] ?? 4);
pyodide.globals.set("DEALS", deals);
pyodide.globals.set("RULES", process.argv[4] ?? "standard");
console.log(await pyodide.runPythonAsync(`
import statistics, sys, time
from bots.registry import make_bot
from engine.rules import Rules
from engine.hand import Hand, Phase
from engine.observation import observe
from engine.rng import SplitMix64

def timings(level, phase):
    rng = SplitMix64(7)
    times = []
    for deal in range(DEALS):
        hand = Hand.new(Rules.parse(RULES), rng.next_u64(), deal % 4)
        bots = [make_bot(level, rng.fork()) for _ in range(4)]
        while not hand.is_over:
            seat = hand.to_act
            obs = observe(hand, seat)
            start = time.perf_counter()
            action = bots[seat].act(obs)
            if hand.phase == phase:
                times.append(time.perf_counter() - start)
            hand.push(action)
    return times

lines = [f"Python {sys.version.split()[0]} on Pyodide, {DEALS} deals, rules {RULES}"]
for level in ("normal", "expert"):
    for phase in (Phase.AUCTION, Phase.PLAY):
        t = timings(level, phase)
        lines.append(f"{level:7s} {phase.name.lower():7s} median {statistics.median(t) * 1000:6.1f} ms, "
                     f"worst {max(t) * 1000:6.1f} ms ({len(t)} decisions)")
"\\n".join(lines)
`));
