#!/usr/bin/env bash
# npm run train:corners: the card corner model, its refiner and the print reader end to end (photos, windows and
# patches, training, export), with Debian's python3 (the one that has torch). Steps whose output exists are skipped; delete
# training/out/corners/ to start again. Card images outside the catalogue: CARD_OUTSIDE_DIRS
# (colon-separated); the real-card kit whose images are kept out of training: REAL_CARD_KIT.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT_DIR="${TRAINING_OUT:-out}/corners"
mkdir -p "$OUT_DIR"
STEPS="${CORNER_STEPS:-6000}"
REFINER_STEPS="${REFINER_STEPS:-6000}"
PRINT_STEPS="${PRINT_STEPS:-8000}"
: "${CARD_OUTSIDE_DIRS:?set CARD_OUTSIDE_DIRS to the folders of card images outside the catalogue, colon-separated}"
: "${REAL_CARD_KIT:?set REAL_CARD_KIT to the real-card kit whose images are kept out of training}"
export CARD_OUTSIDE_DIRS REAL_CARD_KIT
if [ ! -f "$OUT_DIR/photos/labels.json" ]; then
  IFS=: read -r -a outside <<< "$CARD_OUTSIDE_DIRS"
  nice -n 10 npx tsx corners/render-photos.ts --out "$OUT_DIR/photos" --count 2400 --seed 11 \
    --exclude "$REAL_CARD_KIT/kit.json" "${outside[@]}"
fi
for part in val train; do
  scenes=$([ "$part" = val ] && echo 300 || echo 4500)
  [ -f "$OUT_DIR/$part-scenes.npz" ] || nice -n 10 /usr/bin/python3 corners/build_data.py --part "$part" --what scenes --scenes "$scenes" --workers 2
  [ -f "$OUT_DIR/$part-photos.npz" ] || nice -n 10 /usr/bin/python3 corners/build_data.py --part "$part" --what photos
  scenes=$([ "$part" = val ] && echo 300 || echo 3000)
  [ -f "$OUT_DIR/refine-$part-scenes.npz" ] || nice -n 10 /usr/bin/python3 corners/build_refine_data.py --part "$part" --what scenes --scenes "$scenes" --workers 2
  [ -f "$OUT_DIR/refine-$part-photos.npz" ] || nice -n 10 /usr/bin/python3 corners/build_refine_data.py --part "$part" --what photos
done
[ -f "$OUT_DIR/card-corners.pt" ] || nice -n 10 /usr/bin/python3 corners/train_corners.py --steps "$STEPS" --batch 24 --seed 3
[ -f "$OUT_DIR/corner-refiner.pt" ] || nice -n 10 /usr/bin/python3 corners/train_refiner.py --steps "$REFINER_STEPS" --batch 64 --seed 5 --threads 2
[ -f "$OUT_DIR/card-print-reader.pt" ] || nice -n 10 /usr/bin/python3 corners/train_print_reader.py --steps "$PRINT_STEPS" --batch 24 --seed 7 --threads 2 --lr 1.5e-3
nice -n 10 /usr/bin/python3 corners/export_corners.py --model corners
nice -n 10 /usr/bin/python3 corners/export_corners.py --model refiner
nice -n 10 /usr/bin/python3 corners/export_corners.py --model print-reader
