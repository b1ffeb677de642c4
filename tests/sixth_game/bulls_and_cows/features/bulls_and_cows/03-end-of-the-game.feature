Feature: End of the game
  The rulebook's section "End of the Game": a broken code, equal turns, the winner.

  @BC-END-01
  Rule: A code is broken by four bulls, and the game ends only when both players have guessed as often
    Source: End of the Game ¶14, ¶15

    Example: North breaks the code and South still guesses once
      Given a game of North and South
      And South's code is 4071
      When North guesses 4071
      Then the answer is 4 bulls and 0 cows
      And it is South's turn

  @BC-END-02
  Rule: Whoever breaks the other's code wins; both in the same round is a draw
    Source: Goal of the Game ¶3; End of the Game ¶16

    Example: South misses, North wins
      Given a game of North and South
      And South's code is 4071
      And North's code is 5689
      When North guesses 4071
      And South guesses 1234
      Then the winners are North

    Example: South breaks it too: a draw
      Given a game of North and South
      And South's code is 4071
      And North's code is 5689
      When North guesses 4071
      And South guesses 5689
      Then the winners are North and South
