"""The replay viewer: a round record file as one self-contained HTML page that steps
through every event (``hupai replay FILE --html OUT``), and hands and results as HTML
for a notebook.  Nothing in the engine imports it; it imports the engine."""
