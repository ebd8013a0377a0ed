"""Loads the scene sources once and keeps them under out/ so workers and re-runs start fast."""
import os
import pickle

from imagery import cut_real_faces, load_wallpapers, render_deck_cards
from paths import OUT
from real_data import load_part
from scene import Sources


def load_sources(wallpaper_part, limit=None):
    if limit:  # a quick, uncached subset for smoke runs
        return Sources(load_wallpapers(wallpaper_part, 800, limit), cut_real_faces(load_part("train", 960, limit)),
                       render_deck_cards(1))
    path = os.path.join(OUT, f"sources-{wallpaper_part}.pkl")
    if os.path.exists(path):
        with open(path, "rb") as f:
            return pickle.load(f)
    # faces come from training photos only, whatever the wallpaper part
    src = Sources(load_wallpapers(wallpaper_part, 800), cut_real_faces(load_part("train", 960)), render_deck_cards())
    os.makedirs(OUT, exist_ok=True)
    with open(path, "wb") as f:
        pickle.dump(src, f, protocol=4)
    return src
