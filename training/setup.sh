#!/usr/bin/env bash
# Installs what the training pipeline needs from Debian's packages (there is no pip here):
# PyTorch, ONNX, OpenCV, NumPy for Debian's own python3, wallpaper photos for backgrounds and
# playing-card decks (rendered with rsvg-convert) for card faces.
set -euo pipefail

PACKAGES=(
  python3 python3-torch python3-torchvision python3-onnx python3-opencv python3-numpy
  mate-backgrounds plasma-workspace-wallpapers ukui-wallpapers gnome-backgrounds
  gnome-cards-data librsvg2-bin
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all training packages are installed"
  exit 0
fi
echo "setup: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y "${missing[@]}"
