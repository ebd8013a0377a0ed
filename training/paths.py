"""Where the pipeline reads and writes; every script takes its locations from here."""
import os

TRAINING = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(TRAINING)
REAL_DATASET = os.environ.get(
    "CARD_DATASET", os.path.join(REPO, "..", "shared", "datasets", "pokemon-card-outliner-train")
)
SPLIT_FILE = os.path.join(TRAINING, "split.json")
# Both can be moved (TRAINING_OUT, MODEL_OUT) so a second run can be compared with the shipped one.
OUT = os.path.abspath(os.environ.get("TRAINING_OUT", os.path.join(TRAINING, "out")))
MODEL_OUT = os.path.abspath(os.environ.get("MODEL_OUT", os.path.join(REPO, "public", "models", "card-detector.onnx")))
WALLPAPER_DIRS = ("/usr/share/backgrounds", "/usr/share/wallpapers")
CARD_DECKS = "/usr/share/aisleriot/cards"
