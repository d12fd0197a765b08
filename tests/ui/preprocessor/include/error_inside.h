// A header with a syntax error, to show where diagnostics in headers point.
int missing_semicolon = 1
