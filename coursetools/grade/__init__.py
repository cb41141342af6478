"""Grading a class: the batch grader (in the sandbox), feedback pages, the class page, provenance, mutants."""
