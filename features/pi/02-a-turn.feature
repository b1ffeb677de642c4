Feature: How a turn runs
  Transcribes "How a turn runs" [Déroulement d'un tour], ¶8-13 of pi.fr.txt:
  a turn is one of three actions, and a player whose case is solved sits out
  the rest of the round.  Who starts a round and which way play goes are not
  in the text: both are rulings here.

  @PI-TURN-01
  Rule: On their turn a player does exactly one thing: place a detective, take an evidence card or try to solve their case
    Source: How a turn runs [Déroulement d'un tour] ¶9-12

    Example: Red may do any of the three, and nothing else
      Given a game of Red, Blue and Green
      Then Red may place a detective, take an evidence card or name a solution

    Example: one action ends Red's turn
      Given a game of Red, Blue and Green
      When Red places a detective on Skid Row
      Then it is Blue's turn

    Example: Red may not add a second action to the turn
      Given a game of Red, Blue and Green
      When Red places a detective on Skid Row
      And Red tries to place a detective on Union Square
      Then the action is rejected as not_your_turn
      And the game is exactly as it was

    Example: Blue may not act in Red's turn
      Given a game of Red, Blue and Green
      When Blue tries to place a detective on Skid Row
      Then the action is rejected as not_your_turn
      And the game is exactly as it was

  @PI-TURN-02 @ruling
  Rule: Play passes to the left, which is the order in which the players are seated
    The text speaks of the left and right neighbours (¶35) but not of the
    direction of play.  We pass to the left, as most games do: the player on
    your left plays after you, so the player who holds your case has just
    played before you.
    Source: How a turn runs [Déroulement d'un tour] ¶9

    Example: after Green comes Red again
      Given a game of Red, Blue and Green
      And it is Green's turn in turn 1
      When Green places a detective on Skid Row
      Then it is Red's turn

  @PI-TURN-03
  Rule: Once a player has solved their case they take no more turns until the round ends
    Source: How a turn runs [Déroulement d'un tour] ¶13

    Example: Blue has solved, so Green plays after Red
      Given a game of Red, Blue, Green and Yellow
      And it is Red's turn in turn 2
      And Blue has solved their case in turn 1
      When Red places a detective on Skid Row
      Then it is Green's turn

    Example: Blue may not act any more
      Given a game of Red, Blue, Green and Yellow
      And it is Red's turn in turn 2
      And Blue has solved their case in turn 1
      When Blue tries to take the Murder card
      Then the action is rejected as not_your_turn
      And the game is exactly as it was

  @PI-TURN-04 @ruling
  Rule: The first seated player begins round 1; each later round begins with the player to the left of the one who began the round before
    The text says nothing of who begins a round.  Passing the first turn to
    the left spreads the advantage of going first over the three rounds.
    Source: How a turn runs [Déroulement d'un tour] ¶9

    Example: Blue begins round 2
      Given a game of Red, Blue and Green
      And it is Green's turn in turn 2
      And Red has solved their case in turn 1
      And Blue has solved their case in turn 2
      When Green places a detective on Skid Row
      And chance sets up the new round
      Then it is Blue's turn

    Example: in a game of two, Red begins round 3
      Given a game of Red and Blue in round 2
      And it is Red's turn in turn 1
      And Blue has solved their case in turn 1
      When Red places a detective on Skid Row
      And chance sets up the new round
      Then it is Red's turn

  @PI-TURN-05 @ruling
  Rule: A player with no detective left and no face-up evidence card to take must try to solve their case
    The text gives three actions and says the turn must be one of them (¶9); it does not say what a player does
    when two of them are gone.  Passing is not one of the three, so the one left is the turn: the player names a
    solution, at the risk of a penalty, and the round cannot stall on them.
    Source: How a turn runs [Déroulement d'un tour] ¶9-12

    Example: with no detective and no card to take, Red may only try to solve
      Given a game of Red, Blue and Green
      And Red has 0 detectives left
      And no evidence card lies face up
      Then it is Red's turn
      And Red may only name a solution
