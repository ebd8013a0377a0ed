"""Prints evaluation.json as the Markdown tables of models/card-detector.md."""
import json
import sys


def pct(x):
    return f"{100 * x:.1f}%"


def main(path):
    results = json.load(open(path))
    print(f"Tool: {results[0]['tool']}\n")
    print("| input | real val AP@0.5 | P / R @0.22 | synthetic val AP@0.5 | gate: one-card frames accepted (on the card) | gate: no-card frames accepted |")
    print("|---|---|---|---|---|---|")
    for r in results:
        rv, gp, gn = r["real_val"], r["gate_accept_positive"], r["gate_accept_negative"]
        sv = r["synthetic_val"] or {"ap50": float("nan"), "images": 0}
        print(f"| {r['input_size']} | {rv['ap50']:.3f} ({rv['images']} photos, {rv['boxes']} cards) | "
              f"{rv['precision']:.3f} / {rv['recall']:.3f} | {sv['ap50']:.3f} ({sv['images']} frames) | "
              f"{pct(gp['rate'])} ({pct(gp['rate_on_card'])}) of {gp['frames']} | {pct(gn['rate'])} of {gn['frames']} |")
    print("\nNo-card frames by source (accepted / frames):\n")
    sources = list(results[0]["gate_accept_negative"]["by_source"])
    print("| input | " + " | ".join(s.replace("_", " ") for s in sources) + " |")
    print("|---" * (len(sources) + 1) + "|")
    for r in results:
        by = r["gate_accept_negative"]["by_source"]
        print(f"| {r['input_size']} | " + " | ".join(f"{by[s]['accepted']} / {by[s]['frames']}" for s in sources) + " |")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "out/evaluation.json")
