"""One module per exercise set (ex01.py, ex02.py, ...), each defining QUESTIONS: a list of Question."""
