Feature: The secret codes
  The rulebook's section "The Secret Codes": what a code is, and who may see it.

  @BC-CODE-01
  Rule: Each player sets down one code of four different digits
    Source: The Secret Codes ¶5, ¶6

    Example: North sets down 4071
      Given a new game of North and South
      When North chooses the code 4071
      Then North's code is 4071

    Example: a code that holds a digit twice is refused
      Given a new game of North and South
      When North tries to choose the code 4471
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: a code of three digits is refused
      Given a new game of North and South
      When South tries to choose the code 407
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @BC-CODE-02
  Rule: A code is seen by its player alone
    Source: The Secret Codes ¶6

    Example: South cannot see the code North set down
      Given a new game of North and South
      When North chooses the code 4071
      Then South cannot see North's code
