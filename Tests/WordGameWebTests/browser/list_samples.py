"""Word lists the browser cases paste, as a teacher's spreadsheet holds them: English → French (with a header
row, an empty line and a pair given twice), Arabic → English and Japanese → English (headers in their own
scripts)."""

FRENCH = [
    ("the cat", "le chat"), ("the dog", "le chien"), ("the house", "la maison"), ("the tree", "l'arbre"),
    ("the car", "la voiture"), ("the book", "le livre"), ("the school", "l'école"), ("the teacher", "le professeur"),
    ("the bread", "le pain"), ("the water", "l'eau"), ("the apple", "la pomme"), ("the cheese", "le fromage"),
    ("the door", "la porte"), ("the window", "la fenêtre"), ("the table", "la table"), ("the chair", "la chaise"),
    ("the sun", "le soleil"), ("the moon", "la lune"), ("the sea", "la mer"), ("the mountain", "la montagne"),
    ("the river", "la rivière"), ("the city", "la ville"), ("the street", "la rue"), ("the friend", "l'ami"),
    ("the brother", "le frère"), ("the sister", "la sœur"), ("the mother", "la mère"), ("the father", "le père"),
    ("the bird", "l'oiseau"), ("the fish", "le poisson"), ("the horse", "le cheval"), ("the flower", "la fleur"),
    ("the garden", "le jardin"), ("the kitchen", "la cuisine"), ("the bed", "le lit"), ("the clock", "l'horloge"),
    ("the key", "la clé"),
]
EMPTY_AT = 21     # line 21 of the 40 is empty: skipped silently
DUPLICATE_AT = 33  # line 33 says "the cat / le chat" again


def spreadsheet_copy():
    """What LibreOffice, Excel or Google Sheets put on the clipboard for two columns: cells split by tabs."""
    lines = ["English\tFrench"] + [f"{english}\t{french}" for english, french in FRENCH]
    lines.insert(EMPTY_AT - 1, "")
    lines.insert(DUPLICATE_AT - 1, "the cat\tle chat")
    assert len(lines) == 40
    return "\n".join(lines) + "\n"


# name: (title, language tag, the header's name for the language, pairs)
SCRIPTS = {
    "arabic-basics": ("Arabic basics", "ar", "العربية", [
        ("قطة", "cat"), ("كلب", "dog"), ("بيت", "house"), ("شمس", "sun"), ("ماء", "water"), ("كتاب", "book"),
        ("مدرسة", "school"), ("قمر", "moon"), ("شجرة", "tree"), ("سيارة", "car"),
    ]),
    "japanese-basics": ("Japanese basics", "ja", "日本語", [
        ("猫", "cat"), ("犬", "dog"), ("家", "house"), ("太陽", "sun"), ("水", "water"), ("本", "book"),
        ("学校", "school"), ("月", "moon"), ("木", "tree"), ("車", "car"),
    ]),
}


def header_copy(header, pairs):
    """A list with its header row in its own script, as a spreadsheet copies it."""
    return "\n".join([f"{header}\tEnglish"] + [f"{a}\t{b}" for a, b in pairs]) + "\n"
