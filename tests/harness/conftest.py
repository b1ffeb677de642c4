# The toy suite is run by `casebook verify --suite tests/harness/toysuite` (test_toys.py does),
# against the toy engines; collected here it would run against the reference, which has no toys.
collect_ignore = ["toysuite"]
