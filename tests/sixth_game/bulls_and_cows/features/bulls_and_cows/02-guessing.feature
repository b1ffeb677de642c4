Feature: Guessing
  The rulebook's section "Guessing": turns, guesses and their answers.

  @BC-TURN-01 @ruling
  Rule: Once both codes are set down the first player guesses, then the players guess in turn
    The rulebook does not say who the first player is: North is, as the first seat.
    Source: Guessing ¶8

    Example: North guesses first, then South
      Given a game of North and South
      Then it is North's turn
      When North guesses 1234
      Then it is South's turn

    Example: South may not guess before North
      Given a game of North and South
      When South tries to guess 1234
      Then the action is rejected as not_your_turn
      And the game is exactly as it was

  @BC-GUESS-01
  Rule: A guess is four different digits
    Source: Guessing ¶9

    Example: a guess that holds a digit twice is refused
      Given a game of North and South
      When North tries to guess 1123
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @BC-SCORE-01
  Rule: A guess is answered with its bulls, digits in their place, and its cows, digits in another place
    Source: Guessing ¶10, ¶11, ¶12

    Scenario Outline: South's code 4071 answers <guess> with <bulls> bulls and <cows> cows
      Given a game of North and South
      And South's code is 4071
      When North guesses <guess>
      Then the answer is <bulls> bulls and <cows> cows

      Examples:
        | guess | bulls | cows |
        | 1234  | 0     | 2    |
        | 4170  | 2     | 2    |
        | 5689  | 0     | 0    |
