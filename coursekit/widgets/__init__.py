"""ipywidgets front ends, one module per lesson, drivable from Python without a browser."""
