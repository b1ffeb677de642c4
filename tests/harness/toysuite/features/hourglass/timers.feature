Feature: Timers
  A toy game proving the clock actor: a timer ends only by a move of the clock,
  which legal() lists while the timer runs and never otherwise.

  @HG-CLK-01
  Rule: While the turn timer runs, the clock may end it, and the turn is then lost

    Example: the turn timer runs out
      Given a game of hourglass
      Then the clock may end the turn timer
      When the clock ends the turn timer
      Then it is B's turn
      And A has 0 marks

  @HG-CLK-02
  Rule: A mark still waiting for its confirmation stands when the confirm timer runs out

    Example: nobody disputes in time
      Given a game of hourglass
      When A marks
      Then the clock may end the confirm timer
      When the clock ends the confirm timer
      Then A has 1 mark
      And it is B's turn

  @HG-CLK-03
  Rule: With the turn timer off, the clock has nothing to end during a turn

    Example: no timer, no clock move
      Given a game of hourglass with the turn timer off
      Then the clock has no move
      When the clock ends the turn timer
      Then the action is rejected as not_your_turn
      And the game is exactly as it was

  @HG-MRK-02
  Rule: A disputed mark does not count

    Example: B disputes
      Given a game of hourglass
      When A marks
      And B disputes
      Then A has 0 marks
