#!/usr/bin/env bash
# System packages Signet needs beyond Node and npm, all from Debian:
# Chromium (and its headless shell) for the browser tests and benches, PostgreSQL for the scale-mode tests,
# poppler-utils and qpdf to verify sealed PDFs independently, LibreOffice
# headless to convert office documents, bubblewrap to run it in a sandbox
# (no network, nothing of the host but system files), and fonts with Latin-extended glyphs
# (Czech and Portuguese diacritics). Safe to run again: installs only what is missing.
set -euo pipefail

# One package a line, each with what it is for after "#": scripts/lib/system-packages.ts reads this list (for the
# start-up summary of `npm start`), and README.md's quick start names the ones the app itself uses.
packages=(
  chromium                  # tests: the benches' browser (Lighthouse, the viewer)
  chromium-headless-shell   # tests: the browser tests (the same engine without the desktop browser around it)
  postgresql                # tests: the scale-mode tests
  poppler-utils             # tests: pdfsig checks sealed PDFs independently
  qpdf                      # tests: checks the structure of sealed PDFs
  bubblewrap                # office-sandbox: the sandbox office conversion runs in (no network, nothing of the host)
  libreoffice-writer-nogui  # office: converts text documents (doc, docx, odt, rtf) to PDF
  libreoffice-calc-nogui    # office: converts spreadsheets (xlsx, xlsm, ods) to PDF
  libreoffice-impress-nogui # office: converts presentations (pptx, odp) to PDF
  fonts-dejavu-core         # office: fonts for converted documents
  fonts-liberation2         # office: metric-compatible stand-ins for Arial, Times New Roman and Courier New
  fonts-noto-core           # office: Latin-extended glyphs (Czech and Portuguese diacritics)
)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "system packages: all present"
  exit 0
fi

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "system packages: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
